package dev.shellwarden.grammar;

import java.util.List;

/**
 * getopt's reading of one cluster of short options, shared by the facts that must know which
 * letters a program really received ({@code tar -xfz A}, {@code tcpdump -wc}, {@code unzip -d.vscode}).
 *
 * <p>In a cluster ({@code -czf A}) each letter is an option until one that takes a value: that
 * letter takes the rest of the word ({@code -fA}), or the next word when it ends the cluster
 * ({@code -czf A}), and the cluster ends there. So in {@code -xfz A} the archive is {@code z} and
 * {@code A} is an operand, and in {@code tcpdump -wc} the c is the file -w writes, not a count.
 */
public final class ShortOptions {

    /** Receives the letters of a cluster in order. */
    public interface Sink {
        /**
         * One letter of the cluster.
         *
         * @param letter the option letter
         * @param value  its value when the letter takes one ("" when the command line ends first),
         *               null when it takes none
         */
        void letter(char letter, String value);
    }

    private ShortOptions() {
    }

    /**
     * True when one of {@code letters} is one of the program's own short options, read cluster by
     * cluster up to {@code --}: in {@code tcpdump -wc} the c is the file -w writes, in
     * {@code ssh-keygen -f/x/.ssh/id} the letters after f are its value.
     *
     * @param valueLetters the program's short options that take a value
     */
    public static boolean hasLetter(List<String> args, String valueLetters, String letters) {
        boolean[] found = {false};
        for (int i = 0; i < args.size() && !found[0]; i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                break;
            }
            if (a.startsWith("-") && !a.startsWith("--") && a.length() >= 2) {
                i = readCluster(args, i, valueLetters, (c, v) -> found[0] |= letters.indexOf(c) >= 0);
            }
        }
        return found[0];
    }

    /**
     * Reads the cluster {@code args.get(i)} (a word starting with one dash, not {@code -} alone),
     * calling {@code sink} for each letter, and returns the index of the last word it used: {@code i},
     * or {@code i + 1} when the last letter took the next word as its value.
     *
     * @param valueLetters the program's short options that take a value
     */
    public static int readCluster(List<String> args, int i, String valueLetters, Sink sink) {
        String a = args.get(i);
        int end = valueLetterAt(a, valueLetters);
        for (int k = 1; k < end; k++) {
            sink.letter(a.charAt(k), null);
        }
        if (end == a.length()) {
            return i;
        }
        if (end + 1 < a.length()) {
            sink.letter(a.charAt(end), a.substring(end + 1));
            return i;
        }
        sink.letter(a.charAt(end), i + 1 < args.size() ? args.get(i + 1) : "");
        return i + 1 < args.size() ? i + 1 : i;
    }

    /**
     * The index in the cluster {@code word} of its first letter that takes a value, where getopt
     * ends the cluster; the word's length when every letter is a flag. The one statement of the
     * rule every cluster reader here uses.
     */
    public static int valueLetterAt(String word, String valueLetters) {
        for (int k = 1; k < word.length(); k++) {
            if (valueLetters.indexOf(word.charAt(k)) >= 0) {
                return k;
            }
        }
        return word.length();
    }

    /** True for a word getopt reads as a cluster of short options: one dash and at least one letter. */
    public static boolean isCluster(String word) {
        return word.length() >= 2 && word.charAt(0) == '-' && word.charAt(1) != '-';
    }

    /**
     * The index of option {@code letter} in the cluster {@code word}, or -1 when getopt does not
     * read it as an option there: it is missing, or it comes after the first value-taking letter
     * and so is part of that option's value ({@code curl -Hk} is the header "k").
     */
    public static int letterAt(String word, char letter, String valueLetters) {
        if (!isCluster(word)) {
            return -1;
        }
        int k = word.indexOf(letter, 1);
        return k > 0 && k <= valueLetterAt(word, valueLetters) ? k : -1;
    }

    /**
     * True for a cluster whose first value-taking letter is its last ({@code -o}, {@code -sSLo},
     * {@code -fde}): that option's value is the next word.
     */
    public static boolean takesNextWord(String word, String valueLetters) {
        return isCluster(word) && valueLetterAt(word, valueLetters) == word.length() - 1;
    }
}
