package dev.shellwarden.grammar;

import dev.shellwarden.grammar.json.Json;
import dev.shellwarden.grammar.json.JsonSyntaxException;
import java.util.ArrayList;
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
 * <p>INVARIANT: only adds segments. The text is read as the editor reads it ({@link
 * Json.Dialect#EDITOR}: comments, trailing commas, the last of a repeated field). Text that is
 * not that gives no commands but is reported unreadable, so the caller can fail closed when it
 * may still name an auto-run command ({@link #mayNameAutoRun}).
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
     * opened (an empty list when none); empty when the text cannot be read as the editor reads it.
     */
    public static Optional<List<String>> commands(String path, String text) {
        Object root;
        try {
            root = Json.parse(Json.Dialect.EDITOR, text);
        } catch (JsonSyntaxException e) {
            return Optional.empty();
        }
        if (!(root instanceof Map<?, ?> top)) {
            return Optional.of(List.of());
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
        return Optional.of(out);
    }

    /**
     * Whether text that {@link #commands} cannot read may still make an editor run a command: it
     * names the auto-run keys, or escapes characters (a key spelled {@code folder\u004fpen}).
     * Editors' readers repair many syntax errors, so unreadable text is not harmless text.
     */
    public static boolean mayNameAutoRun(String text) {
        return text.contains("folderOpen") || text.contains("initializeCommand") || text.contains("\\u");
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
}
