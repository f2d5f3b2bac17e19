package dev.shellwarden.checker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * One in-process run of {@code shell-warden hook AGENT …} ({@link HookCommand#run}): its exit
 * status and both streams, shared by the tests of every agent's hook command.
 */
record HookCommandRun(int status, String stdout, String stderr) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Runs the hook command with {@code input} on its standard input. */
    static HookCommandRun of(byte[] input, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = HookCommand.run(args, new ByteArrayInputStream(input), out, new PrintStream(err, true, StandardCharsets.UTF_8));
        return new HookCommandRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** As {@link #of(byte[], String...)} with a JSON input. */
    static HookCommandRun of(JsonNode input, String... args) throws IOException {
        return of(JSON.writeValueAsBytes(input), args);
    }

    /** As {@link #of(byte[], String...)} with a text input. */
    static HookCommandRun of(String input, String... args) {
        return of(input.getBytes(StandardCharsets.UTF_8), args);
    }

    /** The answer on standard output, parsed. */
    JsonNode answer() throws IOException {
        return JSON.readTree(stdout);
    }

    /** One text field of the answer. */
    String answerField(String name) throws IOException {
        return answer().get(name).asText();
    }
}
