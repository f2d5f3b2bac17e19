package dev.shellwarden.grammar;

import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one substitution of known values for {@code $NAME} and {@code ${NAME}} in a piece of text,
 * shared by the readers that evaluate such text themselves: arithmetic ({@link BashArithmetic})
 * and an operator's word ({@link ParameterOperators}). Each caller then checks the result under
 * its own rule (arithmetic text, or plain name characters), so what stays of another {@code $}
 * form ({@code $1}, {@code ${a[0]}}, {@code $(…)}) is the caller's to refuse.
 */
final class KnownParameters {

    private KnownParameters() {
    }

    /** {@code $NAME} or {@code ${NAME}}: group 1 or 2 is the name. */
    static final Pattern REFERENCE = Pattern.compile("\\$(?:([A-Za-z_][A-Za-z0-9_]*)|\\{([A-Za-z_][A-Za-z0-9_]*)})");

    /**
     * {@code text} with each {@code $NAME} and {@code ${NAME}} replaced by {@code values}' text
     * for it; null when a name has no known value (null from {@code values}).
     */
    static String substitute(String text, Function<String, String> values) {
        StringBuilder out = new StringBuilder();
        Matcher m = REFERENCE.matcher(text);
        int from = 0;
        while (m.find()) {
            String value = values.apply(m.group(1) != null ? m.group(1) : m.group(2));
            if (value == null) {
                return null;
            }
            out.append(text, from, m.start()).append(value);
            from = m.end();
        }
        return out.append(text, from, text.length()).toString();
    }
}
