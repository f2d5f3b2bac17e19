package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Commands whose output is text turned back from a form nobody reads: a decoder's relatives. The
 * rules tag them {@code decode} (SW4103, SW4058) so that every conjunction a decoder is in
 * (piped into a shell, run through a substitution or a variable, written and run) holds for them.
 *
 * <ul>
 * <li>{@link #reverses}: reversible transforms whatever their input: {@code rev}, a rotating
 * {@code tr} ({@code tr a-z n-za-m}), the decompressors ({@code gunzip -c}, {@code zcat},
 * {@code xz -d}, {@code zstd -d}, {@code unzip -p}…), {@code iconv}, {@code printf}/{@code echo}
 * of character escapes ({@code \x63}, {@code \143}, {@code $'\x63'}), an {@code awk} or interpreter
 * program computing text ({@code printf "%c"}, {@code chr(}, {@code codecs.decode},
 * {@code bytes.fromhex}, {@code pack("H*")}, {@code String.fromCharCode}), and the same in a
 * PowerShell expression ({@code -join [char[]]…}, {@code [char]0x69+…}, {@code .Replace(},
 * {@code -replace}, {@code GetString(}, {@code GZipStream}, {@code [array]::Reverse}, a
 * {@code '{1}{0}' -f} format, {@code -bxor}).</li>
 * <li>{@link #rewrites}: text editors that are everyday on files ({@code tr}, {@code sed},
 * {@code awk}, {@code perl -pe}, {@code cut}) and hide text only when what they edit is typed in
 * the command: a here-string or the output of {@link #printsLiteral} earlier in the pipeline
 * ({@code echo 'cuXl …' | sed s/X/r/ | sh}); {@code tr -d '\r' < install.sh | bash} stays an
 * interpreter reading a file.</li>
 * </ul>
 *
 * <p>WHY: {@code base64 -d | sh} is denied (SW4003) because the code run is not the text shown;
 * {@code rev}, rot13 and hex escapes are the same act with another cipher.
 */
final class TextTransforms {

    private TextTransforms() {
    }

    /** Decompressors that always decompress. */
    private static final String UNPACKERS = "gunzip zcat gzcat bunzip2 bzcat unxz xzcat unlzma lzcat unzstd zstdcat"
            + " lz4cat unlz4 uncompress unpigz unlzip";

    /** Compressors that decompress with -d. */
    private static final String PACKERS = "gzip bzip2 xz lzma zstd lz4 pigz brotli lzip lzop compress pixz lbzip2 pbzip2 plzip";

    /** Tools that print their literal arguments. */
    private static final String PRINTERS = "echo printf print";

    /** Text editors that are everyday on files (see {@link #rewrites}). */
    private static final String EDITORS = "tr sed gsed awk gawk mawk nawk cut";

    /** A character escape: a backslash and x with hex digits, u or U with hex digits, or octal digits. */
    private static final Pattern ESCAPE = Pattern.compile(
            "\\\\(?:x([0-9A-Fa-f]{1,2})|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(0[0-7]{1,3}|[1-7][0-7]{0,2}))");

    /** An interpreter's inline program computing text from codes, hex, a cipher or a reversal. */
    private static final Pattern GENERATOR = Pattern.compile("(?i)codecs\\.decode|\\.fromhex\\s*\\(|unhexlify|\\bb(16|32|64|85)decode"
            + "|\\ba85decode|decompress\\s*\\(|\\bchr\\s*\\(|\\[\\s*::\\s*-1\\s*\\]|rot.?13|\\bpack\\s*\\(|\\bunpack1?\\s*\\(|fromCharCode"
            + "|\\batob\\s*\\(|decode_base64|\\bscalar\\s+reverse\\b|\\breverse\\s*\\(?\\s*[\"']|\\.reverse\\b|%c");

    /** A tr set holding a range that starts past the alphabet's or the digits' start (a rotation: n-za-m). */
    private static final Pattern ROTATED_RANGE = Pattern.compile("[b-zB-Z1-9]-[a-zA-Z0-9]");

    /** A PowerShell expression building text from codes, a reversal, a replacement or a format. */
    private static final Pattern PS_TRANSFORM = Pattern.compile("(?i)\\[char\\[\\]\\]|\\[char\\]\\s*[(0-9]|\\.Replace\\s*\\("
            + "|::Replace\\s*\\(|-[ci]?replace\\b|GetString\\s*\\(|GZipStream|DeflateStream|BrotliStream|::Reverse\\s*\\("
            + "|\\[string\\]::new\\s*\\(|\\[-1\\s*\\.\\.|ToCharArray\\s*\\(|::ConvertFromUtf32|::ToChar\\s*\\(|-bxor\\b|FromHexString"
            + "|'[^']*\\{\\d+\\}[^']*'\\s*-f\\b|\"[^\"]*\\{\\d+\\}[^\"]*\"\\s*-f\\b");

    /**
     * True for a decompressor writing what it unpacks ({@code zcat}, {@code gunzip -c},
     * {@code zstd -d}, {@code unzip -p}): a transform of {@link #reverses}, but one a compressed
     * database dump goes through on its everyday way into a console ({@code zcat b.sql.gz | psql}).
     */
    static boolean decompresses(Cmd c) {
        return (c.named(UNPACKERS) || c.named(PACKERS) && c.anyFlag("-d --decompress --uncompress")
                || c.getName().equals("unzip") && c.anyFlag("-p -c")) && !c.anyFlag("-l --list -t --test");
    }

    /** True for a transform whose output is hidden text whatever its input (see the class comment). */
    static boolean reverses(Cmd c) {
        String n = c.getName();
        if (n.equals("rev") || n.equals("iconv")) {
            return true;
        }
        if (c.named(UNPACKERS) || c.named(PACKERS) && c.anyFlag("-d --decompress --uncompress")) {
            return !c.anyFlag("-l --list -t --test");
        }
        if (n.equals("unzip")) {
            return c.anyFlag("-p -c");
        }
        if (n.equals("tr")) {
            for (String a : c.getOperands()) {
                if (ROTATED_RANGE.matcher(a).find()) {
                    return true;
                }
            }
            return false;
        }
        if (c.named(PRINTERS)) {
            int escapes = 0;
            for (int i = 1; i < c.argvWords.size(); i++) {
                escapes += printableEscapes(c.argvWords.get(i).raw());
            }
            return escapes >= 2;
        }
        if (Regex.matches(n, "awk|gawk|mawk|nawk") || c.isInterpreter()) {
            String program = c.getPayload();
            return !program.isEmpty() && (GENERATOR.matcher(program).find() || printableEscapes(program) >= 2);
        }
        return false;
    }

    /** True for an everyday text editor (see {@link #rewrites}) that edits a here-string when it has one. */
    static boolean rewrites(Cmd c) {
        return c.named(EDITORS) && !c.anyFlag("-i --in-place")
                || Regex.matches(c.getName(), "perl[0-9.]*|ruby[0-9.]*") && c.anyFlag("-p -n");
    }

    /** True for a printer of text written in the command ({@code echo 'x'}, {@code printf '%s' x}). */
    static boolean printsLiteral(Cmd c) {
        return c.named(PRINTERS) && !c.isDynamicArgs() || c.getName().equals("cat") && c.isHasStdinText();
    }

    /** True for a PowerShell expression in the words or a kept assignment that builds text (see {@link #PS_TRANSFORM}). */
    static boolean psTransforms(Cmd c) {
        if (PS_TRANSFORM.matcher(c.getPath()).find()) {
            return true;
        }
        for (String a : c.getArgs()) {
            if (PS_TRANSFORM.matcher(a).find()) {
                return true;
            }
        }
        for (String a : c.getAssignments()) {
            if (a.startsWith("$") && PS_TRANSFORM.matcher(a).find()) {
                return true;
            }
        }
        return false;
    }

    /** How many escapes in the text stand for printable ASCII characters (an escape for ESC or NUL is formatting). */
    static int printableEscapes(String text) {
        int count = 0;
        Matcher m = ESCAPE.matcher(text);
        while (m.find()) {
            int v;
            try {
                if (m.group(1) != null) {
                    v = Integer.parseInt(m.group(1), 16);
                } else if (m.group(2) != null) {
                    v = Integer.parseInt(m.group(2), 16);
                } else if (m.group(3) != null) {
                    v = (int) Long.parseLong(m.group(3), 16);
                } else {
                    v = Integer.parseInt(m.group(4), 8);
                }
            } catch (NumberFormatException e) {
                continue;
            }
            if (v >= 0x20 && v < 0x7f) {
                count++;
            }
        }
        return count;
    }
}
