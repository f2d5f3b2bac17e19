package dev.shellwarden.engine.fact;

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
final class ShortOptions {

    /** Receives the letters of a cluster in order. */
    interface Sink {
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
     * Reads the cluster {@code args.get(i)} (a word starting with one dash, not {@code -} alone),
     * calling {@code sink} for each letter, and returns the index of the last word it used: {@code i},
     * or {@code i + 1} when the last letter took the next word as its value.
     *
     * @param valueLetters the program's short options that take a value
     */
    static int readCluster(List<String> args, int i, String valueLetters, Sink sink) {
        String a = args.get(i);
        for (int k = 1; k < a.length(); k++) {
            char c = a.charAt(k);
            if (valueLetters.indexOf(c) < 0) {
                sink.letter(c, null);
                continue;
            }
            if (k + 1 < a.length()) {
                sink.letter(c, a.substring(k + 1));
                return i;
            }
            sink.letter(c, i + 1 < args.size() ? args.get(i + 1) : "");
            return i + 1 < args.size() ? i + 1 : i;
        }
        return i;
    }
}
