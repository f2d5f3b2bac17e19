package dev.shellwarden.corpus.props;

import java.util.List;
import java.util.stream.Collectors;

/** Renders words as bash text in various quoting styles, always meaning the same words. */
final class Shellish {

    private Shellish() {
    }

    /** Quotes a word so bash reads it back unchanged, with the least quoting. */
    static String plain(String w) {
        if (!w.isEmpty() && w.chars().allMatch(c -> Character.isLetterOrDigit(c) || "-_./=:,+@%".indexOf(c) >= 0)) {
            return w;
        }
        if (w.equals("~") || w.startsWith("~/") || w.equals("/*") || w.endsWith("*.pyc")) {
            return w; // keep tilde and glob meaning
        }
        return single(w);
    }

    /** Single-quoted. */
    static String single(String w) {
        return "'" + w.replace("'", "'\\''") + "'";
    }

    /** Double-quoted (the vocabulary has no $, `, \ or " in words). */
    static String dbl(String w) {
        return "\"" + w + "\"";
    }

    /** ANSI-C quoted, every character as a hex escape. */
    static String ansiHex(String w) {
        StringBuilder sb = new StringBuilder("$'");
        for (char c : w.toCharArray()) {
            sb.append(String.format("\\x%02x", (int) c));
        }
        return sb.append("'").toString();
    }

    /** The word split in two single-quoted halves: {@code r''m}. */
    static String split(String w) {
        if (w.length() < 2) {
            return single(w);
        }
        int mid = w.length() / 2;
        return single(w.substring(0, mid)) + single(w.substring(mid));
    }

    /** Backslash before the first character: {@code \rm}. */
    static String backslash(String w) {
        return w.isEmpty() ? "''" : "\\" + w.charAt(0) + plainTail(w.substring(1));
    }

    private static String plainTail(String rest) {
        return rest.isEmpty() ? "" : plain(rest);
    }

    /** A command's words joined with plain quoting, tilde and globs left active. */
    static String join(List<String> words) {
        return words.stream().map(Shellish::plain).collect(Collectors.joining(" "));
    }
}
