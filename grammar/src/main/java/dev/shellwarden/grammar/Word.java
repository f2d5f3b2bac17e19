package dev.shellwarden.grammar;

import java.util.Objects;
import java.util.Set;

/**
 * One shell word after quote removal.
 *
 * <p>{@code text} is the literal value the shell would pass to the program when {@code literal} is
 * true. When the word contains an expansion the splitter could not resolve (a parameter, a command
 * substitution, arithmetic, an unmatched glob), {@code literal} is false and {@code text} holds the
 * literal parts with each unresolved part shown as its source text; rules must then treat the word
 * as "could be anything" and never allow on its value.
 *
 * @param text     the value after quote removal (see above for dynamic words)
 * @param raw      the source text of the word, quotes included
 * @param literal  true when {@code text} is exactly what the program receives
 * @param features how the word was written (quoting, expansions, globs)
 */
public record Word(String text, String raw, boolean literal, Set<WordFeature> features) {

    /** Creates a word and freezes its feature set. */
    public Word {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(raw, "raw");
        features = Set.copyOf(features);
    }

    /** A literal word whose source is its own text. */
    public static Word literal(String text) {
        return new Word(text, text, true, Set.of());
    }

    /** True when the word carries the given feature. */
    public boolean has(WordFeature feature) {
        return features.contains(feature);
    }

    /**
     * {@code text} as one bash word in single quotes ({@code it's} gives {@code 'it'\''s'}): how
     * the splitter hands a list element or a carried argument to a nested shell, and how tools
     * print a word for the user to type.
     */
    public static String singleQuoted(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
