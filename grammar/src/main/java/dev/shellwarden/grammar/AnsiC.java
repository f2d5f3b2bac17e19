package dev.shellwarden.grammar;

/**
 * Decodes the body of a bash ANSI-C string {@code $'…'} the way bash does; C# regular string
 * literals use the same escapes ({@code ps.PsDotNet} reads Add-Type source with it).
 */
public final class AnsiC {

    private AnsiC() {
    }

    /** Decodes escapes: {@code \n \t \r \a \b \e \E \f \v \\ \' \" \? \nnn \xHH \\uHHHH \UHHHHHHHH \cX}. */
    // not BashWalker.echoEscapes: echo -e stops at \c, reads \0NNN not \NNN, keeps \" and refuses controls (EscapeDecodersTest)
    public static String decode(String body) {
        StringBuilder out = new StringBuilder(body.length());
        int i = 0;
        int n = body.length();
        while (i < n) {
            char c = body.charAt(i);
            if (c != '\\' || i + 1 >= n) {
                out.append(c);
                i++;
                continue;
            }
            char e = body.charAt(i + 1);
            i += 2;
            switch (e) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'a' -> out.append('\u0007');
                case 'b' -> out.append('\b');
                case 'e', 'E' -> out.append('\u001b');
                case 'f' -> out.append('\f');
                case 'v' -> out.append('\u000b');
                case '\\', '\'', '"', '?' -> out.append(e);
                case 'x' -> i = hex(body, i, 2, out);
                case 'u' -> i = hex(body, i, 4, out);
                case 'U' -> i = hex(body, i, 8, out);
                case 'c' -> {
                    if (i < n) {
                        out.append((char) (body.charAt(i) & 0x1f));
                        i++;
                    }
                }
                default -> {
                    if (e >= '0' && e <= '7') {
                        int v = e - '0';
                        int k = 0;
                        while (k < 2 && i < n && body.charAt(i) >= '0' && body.charAt(i) <= '7') {
                            v = v * 8 + (body.charAt(i) - '0');
                            i++;
                            k++;
                        }
                        out.append((char) (v & 0xff));
                    } else {
                        out.append('\\').append(e);
                    }
                }
            }
        }
        return out.toString();
    }

    private static int hex(String body, int from, int max, StringBuilder out) {
        int i = from;
        int v = 0;
        while (i < body.length() && i - from < max && Character.digit(body.charAt(i), 16) >= 0) {
            v = v * 16 + Character.digit(body.charAt(i), 16);
            i++;
        }
        if (i == from) {
            out.append('\\').append(body.charAt(from - 1));
        } else {
            out.appendCodePoint(Character.isValidCodePoint(v) ? v : 0xFFFD);
        }
        return i;
    }
}
