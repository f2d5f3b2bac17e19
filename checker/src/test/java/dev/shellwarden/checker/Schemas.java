package dev.shellwarden.checker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Set;

/** The JSON Schemas shipped with the checker, for validating what it emits. */
final class Schemas {

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final JsonSchema VERDICT = load("/schemas/shell-warden.verdict.v1.schema.json");
    static final JsonSchema LETTER = load("/schemas/shell-warden.letter.v1.schema.json");

    private Schemas() {
    }

    private static JsonSchema load(String resource) {
        try (InputStream in = Schemas.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("schema not on the class path: " + resource);
            }
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Validation problems of {@code json} against {@code schema}; empty when valid. */
    static Set<ValidationMessage> problems(JsonSchema schema, String json) {
        try {
            JsonNode node = MAPPER.readTree(json);
            return schema.validate(node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
