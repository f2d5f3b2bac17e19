package dev.shellwarden.grammar;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Editor and dev-container configuration files that run a command on this machine when a tool
 * opens the project, with nobody running it: VS Code (and Cursor, Windsurf…) tasks in
 * {@code .vscode/tasks.json} with {@code "runOptions": {"runOn": "folderOpen"}}, and the
 * {@code initializeCommand} of {@code .devcontainer/devcontainer.json}, which runs on the host
 * before the container starts.
 *
 * <p>WHY: {@code echo '{"tasks":[{…"command":"curl … | sh","runOptions":{"runOn":"folderOpen"}}]}'
 * > .vscode/tasks.json} writes code that runs the next time anyone opens the folder. The splitter
 * hands each such command line to the rules as a payload segment (like the text written into a
 * git hook), so it meets the floor and the bypass rules now. The commands of ordinary tasks and a
 * container's own lifecycle commands (they run inside the container) are not payloads.
 *
 * <p>INVARIANT: only adds segments. Text that is not JSON (with comments and trailing commas, as
 * VS Code reads it) gives no command: the write itself stays with the rules that judge writes.
 */
public final class AutoRunConfig {

    private AutoRunConfig() {
    }

    private static final Pattern TASKS = Pattern.compile("(.*/)?\\.vscode/tasks\\.json");
    private static final Pattern DEVCONTAINER = Pattern.compile("(.*/)?(\\.devcontainer(/[^/]+)?/devcontainer\\.json|\\.devcontainer\\.json)");

    /** Whether {@code path} names a file whose auto-run commands {@link #commands} reads. */
    public static boolean isAutoRunConfig(String path) {
        return TASKS.matcher(path).matches() || DEVCONTAINER.matcher(path).matches();
    }

    /**
     * The command lines that {@code text}, written to {@code path}, makes run when the project is
     * opened; empty when none or when the text is not JSON.
     */
    public static List<String> commands(String path, String text) {
        Optional<Object> root = Jsonc.parse(text);
        if (root.isEmpty() || !(root.get() instanceof Map<?, ?> top)) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        if (TASKS.matcher(path).matches()) {
            if (top.get("tasks") instanceof List<?> tasks) {
                for (Object t : tasks) {
                    if (t instanceof Map<?, ?> task && runsOnFolderOpen(task)) {
                        taskCommand(task).ifPresent(out::add);
                        // a platform's own command replaces the task's on that platform
                        for (String os : List.of("linux", "osx", "windows")) {
                            if (task.get(os) instanceof Map<?, ?> platform) {
                                taskCommand(platform).ifPresent(out::add);
                            }
                        }
                    }
                }
            }
        } else if (DEVCONTAINER.matcher(path).matches()) {
            lifecycleCommands(top.get("initializeCommand"), out);
        }
        return out;
    }

    private static boolean runsOnFolderOpen(Map<?, ?> task) {
        return task.get("runOptions") instanceof Map<?, ?> options && "folderOpen".equals(options.get("runOn"));
    }

    /**
     * A task's {@code command} with its {@code args} ({@code {"value": …}} objects too), as one
     * line. VS Code passes an argument holding white space as one word (quoted for a shell task,
     * one argv entry for a process task), so such an argument is quoted; others stay as written,
     * which also lets a shell task's operators ({@code &&}) be read as the shell reads them.
     */
    private static Optional<String> taskCommand(Map<?, ?> task) {
        String command = word(task.get("command"));
        if (command == null) {
            return Optional.empty();
        }
        StringBuilder line = new StringBuilder(command);
        if (task.get("args") instanceof List<?> args) {
            for (Object a : args) {
                String w = word(a instanceof Map<?, ?> m ? m.get("value") : a);
                if (w != null) {
                    line.append(' ').append(w.chars().anyMatch(Character::isWhitespace) ? Word.singleQuoted(w) : w);
                }
            }
        }
        return Optional.of(line.toString());
    }

    private static String word(Object o) {
        return o instanceof String s ? s : null;
    }

    /**
     * A dev-container lifecycle command: a string (run by a shell), an array (one program and its
     * arguments) or an object of named commands run in parallel, each a string or an array.
     */
    private static void lifecycleCommands(Object value, List<String> out) {
        if (value instanceof String s) {
            out.add(s);
        } else if (value instanceof List<?> argv) {
            List<String> words = new ArrayList<>();
            for (Object a : argv) {
                if (a instanceof String s) {
                    words.add(Word.singleQuoted(s));
                }
            }
            if (!words.isEmpty()) {
                out.add(String.join(" ", words));
            }
        } else if (value instanceof Map<?, ?> named) {
            for (Object v : named.values()) {
                if (!(v instanceof Map<?, ?>)) {
                    lifecycleCommands(v, out);
                }
            }
        }
    }

    /**
     * A small reader of JSON with comments and trailing commas (JSONC, as VS Code reads its
     * files): objects, arrays and strings; numbers, booleans and null read as {@code null}.
     */
    static final class Jsonc {

        private final String s;
        private int i;
        private int depth;

        private Jsonc(String s) {
            this.s = s;
        }

        /** The value {@code text} holds, or empty when it is not JSONC (or nests deeper than 64). */
        static Optional<Object> parse(String text) {
            Jsonc p = new Jsonc(text);
            try {
                Object v = p.value();
                p.skip();
                return p.i == p.s.length() ? Optional.ofNullable(v) : Optional.empty();
            } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
                return Optional.empty();
            }
        }

        private Object value() {
            skip();
            char c = s.charAt(i);
            if (c == '{' || c == '[') {
                if (++depth > 64) {
                    throw new IllegalArgumentException("too deep");
                }
                Object v = c == '{' ? object() : array();
                depth--;
                return v;
            }
            if (c == '"') {
                return string();
            }
            int start = i;
            while (i < s.length() && Character.isLetterOrDigit(s.charAt(i)) || i < s.length() && "+-.".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
            if (i == start) {
                throw new IllegalArgumentException("unexpected " + c);
            }
            return null;
        }

        private Map<String, Object> object() {
            Map<String, Object> m = new LinkedHashMap<>();
            i++;
            while (true) {
                skip();
                if (s.charAt(i) == '}') {
                    i++;
                    return m;
                }
                String key = string();
                skip();
                expect(':');
                m.put(key, value());
                skip();
                if (s.charAt(i) == ',') {
                    i++;
                } else if (s.charAt(i) != '}') {
                    throw new IllegalArgumentException("expected , or }");
                }
            }
        }

        private List<Object> array() {
            List<Object> l = new ArrayList<>();
            i++;
            while (true) {
                skip();
                if (s.charAt(i) == ']') {
                    i++;
                    return l;
                }
                l.add(value());
                skip();
                if (s.charAt(i) == ',') {
                    i++;
                } else if (s.charAt(i) != ']') {
                    throw new IllegalArgumentException("expected , or ]");
                }
            }
        }

        private String string() {
            expect('"');
            StringBuilder b = new StringBuilder();
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') {
                    return b.toString();
                }
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                char e = s.charAt(i++);
                switch (e) {
                    case 'n' -> b.append('\n');
                    case 't' -> b.append('\t');
                    case 'r' -> b.append('\r');
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'u' -> {
                        b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                    }
                    default -> b.append(e);
                }
            }
        }

        private void expect(char c) {
            if (s.charAt(i) != c) {
                throw new IllegalArgumentException("expected " + c);
            }
            i++;
        }

        /** Skips white space and comments. */
        private void skip() {
            while (i < s.length()) {
                char c = s.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                } else if (s.startsWith("//", i)) {
                    int nl = s.indexOf('\n', i);
                    i = nl < 0 ? s.length() : nl + 1;
                } else if (s.startsWith("/*", i)) {
                    int end = s.indexOf("*/", i + 2);
                    if (end < 0) {
                        throw new IllegalArgumentException("open comment");
                    }
                    i = end + 2;
                } else {
                    return;
                }
            }
        }
    }
}
