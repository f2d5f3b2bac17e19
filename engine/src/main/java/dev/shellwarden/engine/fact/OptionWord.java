package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.ShortOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One word of a command line as getopt_long reads it: an option with the value it took
 * ({@code -o VALUE}, {@code -oVALUE}, the o at the end of {@code -vo VALUE}, {@code --rsh=VALUE},
 * {@code --rsh VALUE}), an option without one ({@code value} null), or an operand ({@code option}
 * null, the word in {@code value}).
 *
 * <p>WHY: a reading that looks for {@code -o} by hand misses the option inside a cluster
 * ({@code ssh -vo ProxyCommand=…}, {@code git commit -am MSG}) and takes an option's value for an
 * option ({@code git commit --trailer -m FILE}: {@code -m} is the trailer, FILE an operand). The
 * cluster itself is {@link ShortOptions#readCluster}'s reading, the one every cluster reader shares.
 *
 * @param option the option as written alone ({@code -o}, {@code --rsh}), null for an operand
 * @param value  the option's value, null when it takes none; for an operand, the word
 */
record OptionWord(String option, String value) {

    /** True for an operand (a word that is no option and no option's value). */
    boolean isOperand() {
        return option == null;
    }

    /** True when this is one of the space-separated options and carries a value. */
    boolean is(Set<String> options) {
        return option != null && value != null && options.contains(option);
    }

    /**
     * Reads {@code args} the way getopt_long does: a word of one dash is a cluster of letters up to
     * the first of {@code valueLetters}, which takes the rest of the word or the next word; a
     * {@code --long} word of {@code longValueOptions} takes the next word, any {@code --long=V}
     * carries V; after {@code --} (and {@code -} alone) every word is an operand.
     */
    static List<OptionWord> read(List<String> args, String valueLetters, Set<String> longValueOptions) {
        List<OptionWord> out = new ArrayList<>();
        boolean end = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (end || !a.startsWith("-") || a.equals("-")) {
                out.add(new OptionWord(null, a));
            } else if (a.equals("--")) {
                end = true;
            } else if (a.startsWith("--")) {
                int eq = a.indexOf('=');
                if (eq > 0) {
                    out.add(new OptionWord(a.substring(0, eq), a.substring(eq + 1)));
                } else if (longValueOptions.contains(a)) {
                    out.add(new OptionWord(a, i + 1 < args.size() ? args.get(++i) : ""));
                } else {
                    out.add(new OptionWord(a, null));
                }
            } else {
                i = ShortOptions.readCluster(args, i, valueLetters, (letter, value) -> out.add(new OptionWord("-" + letter, value)));
            }
        }
        return out;
    }
}
