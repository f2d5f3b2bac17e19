package dev.shellwarden.checker.protocol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
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

    private static final JsonFactory FACTORY = new JsonFactory();
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
        ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("invocationId", doc.invocationId());
            g.writeStringField("verdict", doc.verdict().wire());
            if (doc.message().isPresent()) {
                g.writeStringField("message", doc.message().get());
            }
            g.writeArrayFieldStart("commands");
            for (VerdictDoc.CommandVerdict c : doc.commands()) {
                g.writeStartObject();
                g.writeNumberField("index", c.index());
                g.writeStringField("verdict", c.verdict().wire());
                g.writeStringField("ruleId", c.ruleId());
                g.writeStringField("classification", c.opaque() ? "opaque" : "static");
                g.writeStringField("match", c.rawMatch() ? "raw" : "argv");
                g.writeFieldName("facts");
                g.writeRawValue(bounded(c.facts(), share));
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.write('\n');
        byte[] bytes = out.toByteArray();
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
            if (json.getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= limit) {
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
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            if (truncated && tree instanceof Map<?, ?> m) {
                Map<String, Object> copy = new LinkedHashMap<>();
                m.forEach((k, x) -> copy.put(String.valueOf(k), x));
                copy.put("truncated", Boolean.TRUE);
                tree = copy;
            }
            writeValue(g, tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Writes a tree of maps, lists, strings, numbers and booleans. */
    public static void writeValue(JsonGenerator g, Object v) throws IOException {
        if (v == null || v == Json.NULL) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Integer i) {
            g.writeNumber(i);
        } else if (v instanceof Long l) {
            g.writeNumber(l);
        } else if (v instanceof java.math.BigInteger b) {
            g.writeNumber(b);
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                writeValue(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof Iterable<?> it) {
            g.writeStartArray();
            for (Object x : it) {
                writeValue(g, x);
            }
            g.writeEndArray();
        } else {
            g.writeString(v.toString());
        }
    }
}
