package dev.shellwarden.checker.protocol;

import dev.shellwarden.grammar.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a verdict as compact JSON within the protocol's bounds.
 *
 * <p>Facts are trimmed deterministically: each command gets the smaller of 16 KiB and an equal
 * share of what the 64 KiB verdict leaves; a facts tree over its share is written in ever shorter
 * forms (long strings cut, then lists cut, then only a marker), so the same input always gives the
 * same bytes.
 */
public final class VerdictWriter {

    /** Room kept for everything but facts: ids, verdicts, rule ids, the message. */
    private static final int ENVELOPE_RESERVE = 8 * 1024;
    private static final int[] STRING_CAPS = {Integer.MAX_VALUE, 256, 64, 16};
    private static final int[] LIST_CAPS = {Integer.MAX_VALUE, 32, 8, 2};

    private VerdictWriter() {
    }

    /** The verdict as UTF-8 JSON bytes, newline-terminated. */
    public static byte[] write(VerdictDoc doc) {
        int n = Math.max(1, doc.commands().size());
        int share = Math.min(VerdictDoc.MAX_FACTS_BYTES, (VerdictDoc.MAX_VERDICT_BYTES - ENVELOPE_RESERVE) / n);
        StringBuilder b = new StringBuilder(4096);
        b.append("{\"invocationId\":");
        Json.quote(b, doc.invocationId());
        b.append(",\"verdict\":");
        Json.quote(b, doc.verdict().wire());
        if (doc.message().isPresent()) {
            b.append(",\"message\":");
            Json.quote(b, doc.message().get());
        }
        b.append(",\"commands\":[");
        boolean first = true;
        for (VerdictDoc.CommandVerdict c : doc.commands()) {
            if (!first) {
                b.append(',');
            }
            first = false;
            b.append("{\"index\":").append(c.index());
            b.append(",\"verdict\":");
            Json.quote(b, c.verdict().wire());
            b.append(",\"ruleId\":");
            Json.quote(b, c.ruleId());
            b.append(",\"classification\":").append(c.opaque() ? "\"opaque\"" : "\"static\"");
            b.append(",\"match\":").append(c.rawMatch() ? "\"raw\"" : "\"argv\"");
            b.append(",\"facts\":").append(bounded(c.facts(), share));
            b.append('}');
        }
        b.append("]}\n");
        byte[] bytes = b.toString().getBytes(StandardCharsets.UTF_8);
        if (bytes.length > VerdictDoc.MAX_VERDICT_BYTES) {
            throw new IllegalStateException("verdict over " + VerdictDoc.MAX_VERDICT_BYTES + " bytes");
        }
        return bytes;
    }

    /** The facts as JSON within {@code limit} bytes, trimmed deterministically if needed. */
    static String bounded(Map<String, Object> facts, int limit) {
        for (int level = 0; level < STRING_CAPS.length; level++) {
            Object trimmed = level == 0 ? facts : trim(facts, STRING_CAPS[level], LIST_CAPS[level]);
            String json = toJson(trimmed, level > 0);
            if (json.getBytes(StandardCharsets.UTF_8).length <= limit) {
                return json;
            }
        }
        return "{\"truncated\":true}";
    }

    private static Object trim(Object v, int maxString, int maxList) {
        if (v instanceof String s) {
            return s.length() > maxString ? s.substring(0, maxString) + "…" : s;
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < l.size() && i < maxList; i++) {
                out.add(trim(l.get(i), maxString, maxList));
            }
            return out;
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> out.put(String.valueOf(k), trim(x, maxString, maxList)));
            return out;
        }
        return v;
    }

    private static String toJson(Object tree, boolean truncated) {
        if (truncated && tree instanceof Map<?, ?> m) {
            Map<String, Object> copy = new LinkedHashMap<>();
            m.forEach((k, x) -> copy.put(String.valueOf(k), x));
            copy.put("truncated", Boolean.TRUE);
            tree = copy;
        }
        return Json.write(tree);
    }
}
