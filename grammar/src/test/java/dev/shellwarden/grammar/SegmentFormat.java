package dev.shellwarden.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Renders segments as the one-line text used by the grammar corpus ({@code corpus/grammar/bash}).
 *
 * <pre>
 * ID [^PARENT] PROVENANCE[(wrapper,…)] [dDEPTH] [@ITEM[.STAGE/STAGES][OP] [bg]] {ASSIGNMENT}… WORD… REDIRECT… [stdin="…"] [! REASON,…]
 * </pre>
 * A literal word is written {@code [text]}, a dynamic one {@code <text>}; a redirect
 * {@code FDop[target]}; an unquoted heredoc body {@code stdin~="…"}.
 */
final class SegmentFormat {

    private SegmentFormat() {
    }

    static List<String> lines(SplitResult r) {
        List<String> out = new ArrayList<>();
        for (Segment s : r.segments()) {
            out.add(line(s));
        }
        return out;
    }

    static String line(Segment s) {
        StringBuilder b = new StringBuilder();
        b.append(s.id());
        if (s.parent() >= 0) {
            b.append(" ^").append(s.parent());
        }
        b.append(' ').append(s.provenance().name().toLowerCase(Locale.ROOT));
        if (!s.wrappers().isEmpty()) {
            b.append('(').append(String.join(",", s.wrappers())).append(')');
        }
        if (s.depth() > 0) {
            b.append(" d").append(s.depth());
        }
        Position p = s.position();
        if (p.item() != 0 || p.stages() != 1 || !p.opBefore().isEmpty() || p.background()) {
            b.append(" @").append(p.item());
            if (p.stages() != 1) {
                b.append('.').append(p.stage()).append('/').append(p.stages());
            }
            b.append(p.opBefore().equals("\n") ? "nl" : p.opBefore());
            if (p.background()) {
                b.append(" bg");
            }
        }
        for (Word w : s.assignments()) {
            b.append(" {").append(w.literal() ? escape(w.text()) : "<" + escape(w.text()) + ">").append('}');
        }
        for (Word w : s.argv()) {
            b.append(' ').append(word(w));
        }
        for (Redirect r : s.redirects()) {
            b.append(' ');
            if (r.fd() >= 0) {
                b.append(r.fd());
            }
            b.append(r.op()).append(word(r.target()));
        }
        for (Heredoc h : s.heredocs()) {
            b.append(" stdin").append(h.quoted() ? "" : "~").append("=\"").append(escape(h.body())).append('"');
        }
        if (!s.isStatic()) {
            b.append(" ! ").append(s.opaqueReasons().stream().map(Enum::name).sorted().collect(Collectors.joining(",")));
        }
        return b.toString();
    }

    private static String word(Word w) {
        return w.literal() ? "[" + escape(w.text()) + "]" : "<" + escape(w.text()) + ">";
    }

    static String escape(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                case '\r' -> b.append("\\r");
                case '\\' -> b.append("\\\\");
                case '"' -> b.append("\\\"");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        b.append(String.format("\\x%02x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }
}
