package dev.shellwarden.checker.protocol;

import dev.shellwarden.grammar.json.Json;
import dev.shellwarden.grammar.json.JsonSyntaxException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a letter strictly: exactly the protocol's fields, the right types, every bound. Anything
 * else is a {@link ProtocolException} naming the first problem found.
 */
public final class LetterReader {

    private static final Set<String> TOP = Set.of("version", "invocation", "action", "commands");
    private static final Set<String> INVOCATION = Set.of("id", "sessionID", "agent", "projectDir");
    private static final Set<String> COMMAND = Set.of("index", "raw", "cwd");

    private LetterReader() {
    }

    /** Decodes UTF-8 bytes strictly and reads the letter. */
    public static Letter read(byte[] bytes) {
        if (bytes.length == 0) {
            throw new ProtocolException("empty input: expected one letter (a JSON object) on stdin");
        }
        if (bytes.length > Letter.MAX_LETTER_BYTES) {
            throw new ProtocolException("letter exceeds " + Letter.MAX_LETTER_BYTES + " bytes");
        }
        return read(decodeUtf8(bytes, "letter"));
    }

    /**
     * One JSON value of the checker's input (letter, config, scan line): a syntax problem is bad
     * input, reported in one line with exit 2 like every other protocol problem.
     */
    public static Object parseJson(Json.Dialect dialect, String text) {
        try {
            return Json.parse(dialect, text);
        } catch (JsonSyntaxException e) {
            throw new ProtocolException(e.getMessage());
        }
    }

    /** Reads a letter from text already decoded. */
    public static Letter read(String text) {
        Object tree = parseJson(Json.Dialect.STRICT, text);
        Map<String, Object> top = object(tree, "letter");
        exactKeys(top, TOP, Set.of("version", "invocation", "action", "commands"), "letter");
        BigInteger version = integer(top.get("version"), "version");
        if (!version.equals(BigInteger.valueOf(Letter.VERSION))) {
            throw new ProtocolException("unsupported version " + version + ": this checker speaks version 1");
        }
        Letter.Invocation invocation = invocation(top.get("invocation"));
        String action = string(top.get("action"), "action");
        List<Object> rawCommands = array(top.get("commands"), "commands");
        if (rawCommands.isEmpty()) {
            throw new ProtocolException("commands is empty: a letter carries at least one command");
        }
        if (rawCommands.size() > Letter.MAX_COMMANDS) {
            throw new ProtocolException("too many commands: " + rawCommands.size() + " > " + Letter.MAX_COMMANDS);
        }
        List<Letter.Command> commands = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < rawCommands.size(); i++) {
            String where = "commands[" + i + "]";
            Map<String, Object> c = object(rawCommands.get(i), where);
            exactKeys(c, COMMAND, COMMAND, where);
            BigInteger index = integer(c.get("index"), where + ".index");
            if (index.signum() < 0 || index.bitLength() > 31) {
                throw new ProtocolException(where + ".index out of range: " + index);
            }
            if (!seen.add(index.intValue())) {
                throw new ProtocolException("duplicate command index " + index);
            }
            String raw = string(c.get("raw"), where + ".raw");
            int rawBytes = raw.getBytes(StandardCharsets.UTF_8).length;
            if (rawBytes > Letter.MAX_RAW_BYTES) {
                throw new ProtocolException(where + ".raw exceeds " + Letter.MAX_RAW_BYTES + " bytes (" + rawBytes + ")");
            }
            String cwd = string(c.get("cwd"), where + ".cwd");
            if (!cwd.isEmpty() && !isAbsolute(cwd) && !isRelativePath(cwd)) {
                throw new ProtocolException(where + ".cwd is not a path: `" + cwd + "`");
            }
            commands.add(new Letter.Command(index.intValue(), raw, cwd));
        }
        return new Letter(invocation, action, commands);
    }

    private static Letter.Invocation invocation(Object v) {
        Map<String, Object> inv = object(v, "invocation");
        exactKeys(inv, INVOCATION, Set.of("id", "sessionID"), "invocation");
        String id = string(inv.get("id"), "invocation.id");
        String session = string(inv.get("sessionID"), "invocation.sessionID");
        Optional<String> agent = inv.containsKey("agent")
                ? Optional.of(string(inv.get("agent"), "invocation.agent")) : Optional.empty();
        Optional<String> projectDir = Optional.empty();
        if (inv.containsKey("projectDir")) {
            String p = string(inv.get("projectDir"), "invocation.projectDir");
            if (!isAbsolute(p)) {
                throw new ProtocolException("invocation.projectDir must be an absolute path, got `" + p + "`");
            }
            projectDir = Optional.of(p);
        }
        return new Letter.Invocation(id, session, agent, projectDir);
    }

    /** POSIX absolute, or a Windows drive or UNC path. */
    public static boolean isAbsolute(String p) {
        return p.startsWith("/") || p.matches("(?s)[A-Za-z]:[\\\\/].*") || p.startsWith("\\\\");
    }

    private static boolean isRelativePath(String p) {
        return p.indexOf('\0') < 0;
    }

    /** Decodes bytes as UTF-8, rejecting malformed input. */
    public static String decodeUtf8(byte[] bytes, String what) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ProtocolException(what + " is not valid UTF-8");
        }
    }

    private static void exactKeys(Map<String, Object> m, Set<String> allowed, Set<String> required, String where) {
        for (String k : m.keySet()) {
            if (!allowed.contains(k)) {
                throw new ProtocolException(where + " has unknown field `" + k + "`");
            }
        }
        for (String k : required) {
            if (!m.containsKey(k)) {
                throw new ProtocolException(where + " is missing field `" + k + "`");
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object v, String where) {
        if (v instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        throw new ProtocolException(where + " must be an object, got " + Json.typeName(v));
    }

    @SuppressWarnings("unchecked")
    private static List<Object> array(Object v, String where) {
        if (v instanceof List<?> l) {
            return (List<Object>) l;
        }
        throw new ProtocolException(where + " must be an array, got " + Json.typeName(v));
    }

    private static String string(Object v, String where) {
        if (v instanceof String s) {
            return s;
        }
        throw new ProtocolException(where + " must be a string, got " + Json.typeName(v));
    }

    private static BigInteger integer(Object v, String where) {
        if (v instanceof BigInteger i) {
            return i;
        }
        throw new ProtocolException(where + " must be an integer, got " + Json.typeName(v));
    }
}
