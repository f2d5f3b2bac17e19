package dev.shellwarden.grammar;

import java.util.EnumSet;
import java.util.Set;

/**
 * Quote removal for one bash word token: turns its source text into a {@link Word}.
 *
 * <p>INVARIANT: a word is literal only when no unescaped {@code $} (other than a decoded
 * {@code $'…'}) and no backquote survives outside single quotes; anything else is reported
 * dynamic with its source text kept in place.
 */
final class BashWords {

    private BashWords() {
    }

    /** Decodes the source text of a WORD token. */
    static Word decode(String raw) {
        StringBuilder out = new StringBuilder(raw.length());
        Set<WordFeature> features = EnumSet.noneOf(WordFeature.class);
        boolean literal = true;
        int i = 0;
        int n = raw.length();
        while (i < n) {
            char c = raw.charAt(i);
            if (c == '$' && i + 1 < n && raw.charAt(i + 1) == '\'') {
                int end = ansiEnd(raw, i + 2);
                out.append(AnsiC.decode(raw.substring(i + 2, end)));
                features.add(WordFeature.ANSI_C);
                i = Math.min(end + 1, n);
            } else if (c == '\'') {
                int end = raw.indexOf('\'', i + 1);
                end = end < 0 ? n : end;
                out.append(raw, i + 1, end);
                features.add(WordFeature.SINGLE_QUOTED);
                i = Math.min(end + 1, n);
            } else if (c == '"') {
                features.add(WordFeature.DOUBLE_QUOTED);
                i++;
                while (i < n && raw.charAt(i) != '"') {
                    char d = raw.charAt(i);
                    if (d == '\\' && i + 1 < n && "$`\"\\\n".indexOf(raw.charAt(i + 1)) >= 0) {
                        if (raw.charAt(i + 1) != '\n') {
                            out.append(raw.charAt(i + 1));
                        }
                        features.add(WordFeature.ESCAPED);
                        i += 2;
                    } else {
                        if (d == '$' || d == '`') {
                            literal = false;
                            features.add(d == '`' ? WordFeature.COMMAND_SUBSTITUTION : dollarFeature(raw, i));
                        }
                        out.append(d);
                        i++;
                    }
                }
                i++;
            } else if (c == '\\') {
                if (i + 1 < n) {
                    if (raw.charAt(i + 1) != '\n') {
                        out.append(raw.charAt(i + 1));
                    }
                    features.add(WordFeature.ESCAPED);
                }
                i += 2;
            } else if (c == '`') {
                literal = false;
                features.add(WordFeature.COMMAND_SUBSTITUTION);
                int end = i + 1;
                while (end < n && raw.charAt(end) != '`') {
                    end += raw.charAt(end) == '\\' ? 2 : 1;
                }
                out.append(raw, i, Math.min(end + 1, n));
                i = end + 1;
            } else {
                if (c == '$' && i + 1 < n) {
                    literal = false;
                    features.add(dollarFeature(raw, i));
                } else if (c == '*' || c == '?' || c == '[') {
                    features.add(WordFeature.GLOB);
                } else if (c == '~' && i == 0) {
                    features.add(WordFeature.TILDE);
                } else if (c == '{' && raw.indexOf('}', i) > 0 && (raw.indexOf(',', i) > 0 || raw.contains(".."))) {
                    features.add(WordFeature.BRACE);
                }
                out.append(c);
                i++;
            }
        }
        return new Word(out.toString(), raw, literal, features);
    }

    private static WordFeature dollarFeature(String raw, int i) {
        if (raw.startsWith("$((", i)) {
            return WordFeature.ARITHMETIC;
        }
        if (raw.startsWith("$(", i)) {
            return WordFeature.COMMAND_SUBSTITUTION;
        }
        return WordFeature.PARAMETER;
    }

    private static int ansiEnd(String raw, int from) {
        int i = from;
        while (i < raw.length() && raw.charAt(i) != '\'') {
            i += raw.charAt(i) == '\\' ? 2 : 1;
        }
        return Math.min(i, raw.length());
    }
}
