package dev.shellwarden.hook;

/** Makes text safe to show as one bounded line: control characters become spaces. */
public final class OneLine {

    private OneLine() {
    }

    /**
     * {@code text} with every control character (line breaks included) replaced by a space, runs
     * of white space collapsed, trimmed, and cut to at most {@code maxChars} characters (an ellipsis
     * marks a cut; a surrogate pair is never split).
     */
    public static String of(String text, int maxChars) {
        StringBuilder b = new StringBuilder(Math.min(text.length(), maxChars + 1));
        boolean space = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean white = Character.isISOControl(c) || Character.isWhitespace(c)
                    || c == '\u2028' || c == '\u2029';
            if (white) {
                space = b.length() > 0;
                continue;
            }
            if (space) {
                b.append(' ');
                space = false;
            }
            b.append(c);
            if (b.length() > maxChars) {
                break;
            }
        }
        if (b.length() <= maxChars) {
            return b.toString();
        }
        int cut = maxChars - 1;
        if (cut > 0 && Character.isHighSurrogate(b.charAt(cut - 1))) {
            cut--;
        }
        return b.substring(0, cut) + "…";
    }
}
