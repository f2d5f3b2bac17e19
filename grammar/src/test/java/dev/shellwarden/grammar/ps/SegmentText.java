package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.OpaqueReason;
import dev.shellwarden.grammar.Redirect;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.SplitResult;
import dev.shellwarden.grammar.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Renders segments as the one-line text of the grammar corpus (docs/grammar-powershell.md):
 * {@code id [^parent] [dN] provenance [w:wrappers] [pos:i.s/n] [op:X] [bg] static|opaque:R,…
 * words redirects assignments}, a literal word as {@code [text]}, a dynamic one as {@code {text}}.
 */
final class SegmentText {

    private SegmentText() {
    }

    static List<String> render(SplitResult result) {
        List<String> lines = new ArrayList<>();
        for (Segment s : result.segments()) {
            lines.add(render(s));
        }
        return lines;
    }

    static String render(Segment s) {
        StringBuilder b = new StringBuilder();
        b.append(s.id());
        if (s.parent() >= 0) {
            b.append(" ^").append(s.parent());
        }
        if (s.depth() > 0) {
            b.append(" d").append(s.depth());
        }
        b.append(' ').append(s.provenance().name().toLowerCase(Locale.ROOT));
        if (!s.wrappers().isEmpty()) {
            b.append(" w:").append(String.join(",", s.wrappers()));
        }
        if (s.position().stages() > 1 || s.position().item() > 0) {
            b.append(" pos:").append(s.position().item()).append('.').append(s.position().stage())
                    .append('/').append(s.position().stages());
        }
        if (!s.position().opBefore().isEmpty()) {
            b.append(" op:").append(s.position().opBefore().equals("\n") ? "nl" : s.position().opBefore());
        }
        if (s.position().background()) {
            b.append(" bg");
        }
        if (s.isStatic()) {
            b.append(" static");
        } else {
            b.append(" opaque:").append(s.opaqueReasons().stream().map(OpaqueReason::name).sorted()
                    .collect(Collectors.joining(",")));
        }
        for (Word w : s.argv()) {
            b.append(' ').append(word(w));
        }
        for (Redirect r : s.redirects()) {
            b.append(' ').append(r.fd() >= 0 ? String.valueOf(r.fd()) : "").append(r.op())
                    .append(word(r.target()));
        }
        for (Word w : s.assignments()) {
            b.append(" =").append(word(w));
        }
        return b.toString();
    }

    static String word(Word w) {
        String t = w.text().replace("\\n", "\\\\n").replace("\n", "\\n").replace("\r", "\\r");
        return w.literal() ? "[" + t + "]" : "{" + t + "}";
    }
}
