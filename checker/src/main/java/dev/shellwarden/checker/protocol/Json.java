package dev.shellwarden.checker.protocol;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A minimal JSON tree on Jackson's streaming parser: objects become {@link LinkedHashMap}, arrays
 * {@link List}, numbers {@link BigInteger} or {@link BigDecimal}, plus String, Boolean and
 * {@link #NULL}.
 *
 * <p>WHY streaming and not databind: the checker starts once per command; jackson-core loads in a
 * fraction of the time an ObjectMapper needs, and strictness (duplicate keys, trailing data) is
 * easier to guarantee by hand.
 */
public final class Json {

    /** The JSON {@code null} value (maps cannot hold Java null meaningfully). */
    public static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    private static final int MAX_DEPTH = 64;

    private Json() {
    }

    /**
     * A factory for strict JSON: no comments, no trailing commas, duplicate keys rejected. Shared:
     * a configured JsonFactory is thread-safe, and building one per letter cost more than parsing
     * the letter (warm path).
     */
    public static JsonFactory strictFactory() {
        return Factories.STRICT;
    }

    /** A factory for JSONC: comments and trailing commas allowed, duplicate keys still rejected. Shared. */
    public static JsonFactory jsoncFactory() {
        return Factories.JSONC;
    }

    /** Holder: the factories are built on first use only (a check without a config never builds JSONC's). */
    private static final class Factories {
        static final JsonFactory STRICT = new JsonFactoryBuilder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
                .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        static final JsonFactory JSONC = new JsonFactoryBuilder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
                .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
                .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
                .build();

        private Factories() {
        }
    }

    /**
     * Parses exactly one JSON value from {@code text}; anything after it but white space is an
     * error.
     *
     * @throws ProtocolException with a one-line reason on any syntax problem
     */
    public static Object parse(JsonFactory factory, String text) {
        try (JsonParser p = factory.createParser(text)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new ProtocolException("empty input: expected a JSON object");
            }
            Object value = read(p, first);
            if (p.nextToken() != null) {
                throw new ProtocolException("trailing data after the JSON value at line "
                        + p.currentLocation().getLineNr() + ", column " + p.currentLocation().getColumnNr());
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new ProtocolException("not valid JSON: " + oneLine(e.getOriginalMessage())
                    + " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr());
        } catch (IOException e) {
            throw new ProtocolException("cannot read JSON: " + oneLine(e.getMessage()));
        }
    }

    private static Object read(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                JsonToken k;
                while ((k = p.nextToken()) == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    map.put(name, read(p, p.nextToken()));
                }
                return map;
            }
            case START_ARRAY -> {
                List<Object> list = new ArrayList<>();
                JsonToken e;
                while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
                    list.add(read(p, e));
                }
                return list;
            }
            case VALUE_STRING -> {
                return p.getText();
            }
            case VALUE_NUMBER_INT -> {
                return p.getBigIntegerValue();
            }
            case VALUE_NUMBER_FLOAT -> {
                return p.getDecimalValue();
            }
            case VALUE_TRUE -> {
                return Boolean.TRUE;
            }
            case VALUE_FALSE -> {
                return Boolean.FALSE;
            }
            case VALUE_NULL -> {
                return NULL;
            }
            default -> throw new ProtocolException("unexpected JSON token " + t);
        }
    }

    /** Collapses a message to one line. */
    public static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s+", " ").trim();
    }

    /** The JSON type name of a parsed value, for error messages. */
    public static String typeName(Object v) {
        if (v instanceof Map) {
            return "object";
        }
        if (v instanceof List) {
            return "array";
        }
        if (v instanceof String) {
            return "string";
        }
        if (v instanceof BigInteger) {
            return "integer";
        }
        if (v instanceof BigDecimal) {
            return "number";
        }
        if (v instanceof Boolean) {
            return "boolean";
        }
        return "null";
    }
}
