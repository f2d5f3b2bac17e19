package dev.shellwarden.engine;

import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Word;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * An argv-prefix pattern from the config overlay: {@code "npm run lint"}, {@code "make *"},
 * {@code "terraform apply"}. It matches a segment whose first words are these words in order: the
 * command word by base name ({@code /usr/bin/make} matches {@code make}), {@code *} matches any one
 * word, and the segment may have more words after the prefix.
 *
 * <p>INVARIANT: only literal words match a literal token; a word computed at run time matches
 * only {@code *}. An {@code allow} pattern therefore never allows on a dynamic word.
 *
 * @param verdict what a match adds to the segment's findings
 * @param tokens  the words of the pattern, at least one
 */
public record PrefixPattern(Verdict verdict, List<String> tokens) {

    /** Largest number of words in a pattern. */
    public static final int MAX_TOKENS = 64;

    /** Validates and freezes. */
    public PrefixPattern {
        Objects.requireNonNull(verdict, "verdict");
        tokens = List.copyOf(tokens);
        if (tokens.isEmpty() || tokens.size() > MAX_TOKENS) {
            throw new IllegalArgumentException("a pattern has 1 to " + MAX_TOKENS + " words");
        }
    }

    /** Parses a pattern written as space-separated words. */
    public static PrefixPattern parse(Verdict verdict, String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            throw new IllegalArgumentException("empty pattern");
        }
        return new PrefixPattern(verdict, Arrays.asList(t.split("\\s+")));
    }

    /** True when the segment's argv starts with this pattern. */
    public boolean matches(Segment s) {
        List<Word> argv = s.argv();
        if (argv.size() < tokens.size()) {
            return false;
        }
        for (int i = 0; i < tokens.size(); i++) {
            String tok = tokens.get(i);
            if (tok.equals("*")) {
                continue;
            }
            Word w = argv.get(i);
            if (!w.literal()) {
                return false;
            }
            String text = w.text();
            if (i == 0 && !tok.contains("/")) {
                int slash = text.lastIndexOf('/');
                text = slash >= 0 ? text.substring(slash + 1) : text;
            }
            if (!text.equals(tok)) {
                return false;
            }
        }
        return true;
    }

    /** The pattern as written in the config. */
    public String text() {
        return String.join(" ", tokens);
    }
}
