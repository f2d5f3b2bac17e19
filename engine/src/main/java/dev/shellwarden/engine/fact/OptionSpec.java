package dev.shellwarden.engine.fact;

import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Which option words of a command take a value, and where that value sits: the one description
 * read by {@link Cmd#valuesOf(java.util.List, OptionSpec)} (an option's values) and
 * {@link Cmd#positionalsOf(java.util.List, OptionSpec)} (the operands, skipping option values), so
 * that both skip exactly the same words.
 *
 * <p>WHY one type: a reader that skips a value the other does not read would take an option's
 * value for an operand ({@code curl -H example.com/x https://…} has one URL), or an operand for a value.
 *
 * @param nextWordOption true for an option word that takes the next word as its value
 * @param inlineReader   the value an option word carries itself, or null
 */
record OptionSpec(Predicate<String> nextWordOption, Function<String, String> inlineReader) {

    /** True when the option word {@code word} takes the next word as its value ({@code -o FILE}, {@code --output FILE}). */
    boolean takesNext(String word) {
        return nextWordOption.test(word);
    }

    /**
     * The value the option word carries itself ({@code --output=FILE}, {@code -oFILE}), or null when
     * it is not one of the options or carries none.
     */
    String inlineValue(String word) {
        return inlineReader.apply(word);
    }

    /**
     * The space-separated option names the way {@link Cmd#valueOf} has always read them: each takes
     * the next word; a {@code --long} one also {@code --long=V}; a one-letter one also {@code -oV}.
     */
    static OptionSpec named(String spaceSeparated) {
        Set<String> names = spaceSeparated.isBlank() ? Set.of() : Words.setOf(spaceSeparated);
        return new OptionSpec(names::contains, word -> {
            int eq = word.indexOf('=');
            if (word.startsWith("--") && eq > 2 && names.contains(word.substring(0, eq))) {
                return word.substring(eq + 1);
            }
            if (!word.startsWith("--") && word.length() > 2 && names.contains(word.substring(0, 2))) {
                return word.substring(2);
            }
            return null;
        });
    }

    /**
     * {@link #named}, and a {@code --long} name also in any abbreviation of three letters or more
     * ({@code --outp=F}, {@code --output-f F}). WHY: getopt_long, git's parse-options, Haskell's
     * GetOpt, MySQL's option parser and gcc's driver take an unambiguous prefix of a long option;
     * reading every prefix as the option only reads more values (an ambiguous one makes the tool
     * refuse the line).
     */
    static OptionSpec namedOrAbbreviated(String spaceSeparated) {
        OptionSpec exact = named(spaceSeparated);
        List<String> longNames = Words.setOf(spaceSeparated).stream().filter(n -> n.startsWith("--")).toList();
        Function<String, String> full = word -> {
            int eq = word.indexOf('=');
            String name = eq > 0 ? word.substring(0, eq) : word;
            if (!name.startsWith("--") || name.length() < 5) {
                return null;
            }
            return longNames.stream().filter(n -> n.startsWith(name)).findFirst().orElse(null);
        };
        return new OptionSpec(word -> exact.takesNext(word) || word.indexOf('=') < 0 && full.apply(word) != null, word -> {
            String v = exact.inlineValue(word);
            int eq = word.indexOf('=');
            return v != null ? v : eq > 0 && full.apply(word) != null ? word.substring(eq + 1) : null;
        });
    }

    /**
     * Go's flag package (the go command's own flags): each space-separated name ({@code -ldflags})
     * is also written with two dashes, and takes the next word or carries {@code =VALUE}
     * ({@code -ldflags=-s}, {@code --ldflags '-s -w'}). A one-dash name is never a cluster.
     */
    static OptionSpec goFlags(String spaceSeparated) {
        Set<String> names = Words.setOf(spaceSeparated);
        Function<String, String> single = word -> word.startsWith("--") ? word.substring(1) : word;
        return new OptionSpec(word -> names.contains(single.apply(word)), word -> {
            String w = single.apply(word);
            int eq = w.indexOf('=');
            return eq > 0 && names.contains(w.substring(0, eq)) ? w.substring(eq + 1) : null;
        });
    }

    /** Options recognised by a predicate that take the next word and never carry a value in the word itself. */
    static OptionSpec nextWord(Predicate<String> takesNext) {
        return new OptionSpec(takesNext, word -> null);
    }
}
