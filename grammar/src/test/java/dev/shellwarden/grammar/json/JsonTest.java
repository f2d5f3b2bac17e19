package dev.shellwarden.grammar.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class JsonTest {

    @Test
    void readsEveryKindOfValue() {
        Object tree = Json.parse(Json.Dialect.STRICT,
                " {\"s\":\"a\\\"b\\\\c\\/\\n\\u00e9\\ud83d\\ude00\",\"i\":-12,\"d\":1.5e3,\"t\":true,\"f\":false,"
                        + "\"n\":null,\"a\":[1,[],{}]}\r\n");
        Map<?, ?> m = (Map<?, ?>) tree;
        assertEquals("a\"b\\c/\né😀", m.get("s"));
        assertEquals(BigInteger.valueOf(-12), m.get("i"));
        assertEquals(new BigDecimal("1.5e3"), m.get("d"));
        assertEquals(Boolean.TRUE, m.get("t"));
        assertEquals(Boolean.FALSE, m.get("f"));
        assertSame(Json.NULL, m.get("n"));
        assertEquals(List.of(BigInteger.ONE, List.of(), Map.of()), m.get("a"));
        assertEquals(List.of("s", "i", "d", "t", "f", "n", "a"), new ArrayList<>(m.keySet()), "order kept");
    }

    @ParameterizedTest(name = "strict rejects {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "empty input                 |``                         |empty input",
        "trailing data               |{} {}                      |trailing data after the JSON value at line 1, column 4",
        "duplicate key               |{\"a\":1,\"a\":2}          |duplicate field \"a\" at line 1, column 8",
        "trailing comma in an object |{\"a\":1,}                 |expected a field name",
        "trailing comma in an array  |[1,]                       |unexpected character ']'",
        "comment                     |// c\\n{}                  |unexpected character '/'",
        "single quotes               |{'a':1}                    |expected a field name",
        "leading zero                |[01]                       |leading zeros",
        "bare decimal point          |[1.]                       |after the decimal point",
        "plus sign                   |[+1]                       |unexpected character '+'",
        "NaN                         |[NaN]                      |unexpected character 'N'",
        "unterminated string         |[\"abc                     |unterminated string",
        "bad escape                  |[\"\\x\"]                  |invalid escape",
        "short unicode escape        |[\"\\u12\"]                |invalid \\u escape",
        "non-ASCII hex digit         |[\"\\u００41\"]              |invalid \\u escape",
        "missing colon               |{\"a\" 1}                   |expected ':'",
        "missing comma               |[1 2]                      |expected ',' or ']'",
        "truncated literal           |[tru]                      |unexpected token",
        "unclosed object             |{\"a\":1                   |expected ',' or '}'",
    })
    void strictRejects(String what, String text, String reason) {
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class,
                () -> Json.parse(Json.Dialect.STRICT, text.replace("\\n", "\n")));
        assertTrue(e.getMessage().contains(reason), what + ": " + e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    @Test
    void controlCharactersInStringsAreRejected() {
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class,
                () -> Json.parse(Json.Dialect.STRICT, "[\"a\tb\"]"));
        assertTrue(e.getMessage().contains("U+0009"), e.getMessage());
    }

    @Test
    void errorsNameLineAndColumn() {
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class,
                () -> Json.parse(Json.Dialect.STRICT, "{\n  \"a\": tru\n}"));
        assertTrue(e.getMessage().endsWith("at line 2, column 8"), e.getMessage());
    }

    @Test
    void jsoncAllowsCommentsAndTrailingCommasOnly() {
        Object tree = Json.parse(Json.Dialect.JSONC, "// head\n{ /* a */ \"a\": [1, 2,], // x\n \"b\": {\"c\": 1,}, }\n// tail");
        assertEquals(Map.of("a", List.of(BigInteger.ONE, BigInteger.TWO), "b", Map.of("c", BigInteger.ONE)), tree);
        assertThrows(JsonSyntaxException.class, () -> Json.parse(Json.Dialect.JSONC, "[,]"));
        assertThrows(JsonSyntaxException.class, () -> Json.parse(Json.Dialect.JSONC, "{/* open"));
        assertThrows(JsonSyntaxException.class, () -> Json.parse(Json.Dialect.JSONC, "{\"a\":1,\"a\":2}"));
        assertThrows(JsonSyntaxException.class, () -> Json.parse(Json.Dialect.JSONC, "# no hash comments\n{}"));
    }

    @Test
    void editorDialectKeepsTheLastOfARepeatedFieldAsEditorsDo() {
        Object tree = Json.parse(Json.Dialect.EDITOR, "{\"a\": 1, // first\n \"b\": [], \"a\": {\"c\": \"x\",},}");
        assertEquals(Map.of("a", Map.of("c", "x"), "b", List.of()), tree);
        // only repeats are lenient: the rest is JSONC
        assertThrows(JsonSyntaxException.class, () -> Json.parse(Json.Dialect.EDITOR, "{\"a\": 1 \"b\": 2}"));
        assertThrows(JsonSyntaxException.class, () -> Json.parse(Json.Dialect.EDITOR, "{\"a\": \"\\q\"}"));
        assertThrows(JsonSyntaxException.class, () -> Json.parse(Json.Dialect.STRICT, "{\"a\":1,\"a\":2}"));
    }

    @Test
    void nestingAndNumbersAreBounded() {
        String deep = "[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH);
        Json.parse(Json.Dialect.STRICT, deep);
        String tooDeep = "[".repeat(Json.MAX_DEPTH + 1) + "]".repeat(Json.MAX_DEPTH + 1);
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class, () -> Json.parse(Json.Dialect.STRICT, tooDeep));
        assertTrue(e.getMessage().contains("nesting deeper than " + Json.MAX_DEPTH), e.getMessage());
        // Deep enough to overflow the stack without the bound: still a one-line error.
        assertThrows(JsonSyntaxException.class, () -> Json.parse(Json.Dialect.STRICT, "[".repeat(200_000)));
        Json.parse(Json.Dialect.STRICT, "[" + "9".repeat(Json.MAX_NUMBER_CHARS) + "]");
        e = assertThrows(JsonSyntaxException.class,
                () -> Json.parse(Json.Dialect.STRICT, "[" + "9".repeat(Json.MAX_NUMBER_CHARS + 1) + "]"));
        assertTrue(e.getMessage().contains("number longer than"), e.getMessage());
    }

    @Test
    void writesEscapesThatStrictReadersAccept() throws Exception {
        String nasty = "q\"b\\s/\n\r\t\b\f\u0001\u001f\u007f é 😀 \ud800 lone \udc00 end";
        String json = Json.write(Map.of("k", nasty));
        assertTrue(json.contains("\\u0001") && json.contains("\\u001F") && json.contains("\\uD800") && json.contains("\\uDC00"), json);
        assertTrue(json.contains("😀"), "valid pairs are written as they are: " + json);
        assertEquals(nasty, ((Map<?, ?>) Json.parse(Json.Dialect.STRICT, json)).get("k"), "lossless");
        // An independent strict reader agrees.
        assertEquals(nasty, new ObjectMapper().readTree(json).get("k").asText());
    }

    @Test
    void writesTheTreeKinds() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("n", null);
        m.put("j", Json.NULL);
        m.put("b", true);
        m.put("i", 3);
        m.put("l", 4L);
        m.put("big", new BigInteger("123456789012345678901234567890"));
        m.put("list", List.of("x", 1));
        m.put("other", new StringBuilder("sb"));
        assertEquals("{\"n\":null,\"j\":null,\"b\":true,\"i\":3,\"l\":4,\"big\":123456789012345678901234567890,"
                + "\"list\":[\"x\",1],\"other\":\"sb\"}", Json.write(m));
    }

    @ParameterizedTest(name = "typeName {0}")
    @ValueSource(strings = {"{}", "[]", "\"s\"", "1", "1.0", "true", "null"})
    void typeNamesCoverEveryValue(String text) {
        String name = Json.typeName(Json.parse(Json.Dialect.STRICT, text));
        assertTrue(List.of("object", "array", "string", "integer", "number", "boolean", "null").contains(name), name);
    }

    @Property(tries = 300)
    void writeThenParseIsTheIdentity(@ForAll("trees") Object tree) {
        assertEquals(tree, Json.parse(Json.Dialect.STRICT, Json.write(tree)));
    }

    @Property(tries = 300)
    void anyTextIsParsedOrRejectedWithOneLine(@ForAll("jsonish") String text) {
        try {
            Json.parse(Json.Dialect.JSONC, text);
        } catch (JsonSyntaxException e) {
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Provide
    Arbitrary<Object> trees() {
        Arbitrary<Object> leaf = Arbitraries.oneOf(
                Arbitraries.strings().all().ofMaxLength(12).map(s -> (Object) s),
                Arbitraries.bigIntegers().between(BigInteger.valueOf(Long.MIN_VALUE).multiply(BigInteger.TEN),
                        BigInteger.valueOf(Long.MAX_VALUE).multiply(BigInteger.TEN)).map(b -> (Object) b),
                Arbitraries.of(Boolean.TRUE, Boolean.FALSE, Json.NULL));
        return Arbitraries.recursive(() -> leaf, inner -> Arbitraries.oneOf(
                inner.list().ofMaxSize(4).map(l -> (Object) l),
                Arbitraries.maps(Arbitraries.strings().all().ofMaxLength(6), inner).ofMaxSize(4)
                        .map(m -> (Object) new LinkedHashMap<>(m))), 3);
    }

    @Provide
    Arbitrary<String> jsonish() {
        return Arbitraries.strings().withChars("{}[]\":,0123456789.eE+-tfrueanl\\/* \n\tu").ofMaxLength(40);
    }
}
