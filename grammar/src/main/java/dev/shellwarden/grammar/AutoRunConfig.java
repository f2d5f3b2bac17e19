package dev.shellwarden.grammar;

import dev.shellwarden.grammar.json.Json;
import dev.shellwarden.grammar.json.JsonSyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Editor and dev-container configuration files that run a command when a tool opens the project,
 * with nobody running it: VS Code (and Cursor, Windsurf…) tasks in {@code .vscode/tasks.json}
 * with {@code "runOptions": {"runOn": "folderOpen"}}; the lifecycle commands of
 * {@code .devcontainer/devcontainer.json} ({@code initializeCommand} on the host before the
 * container starts, {@code onCreateCommand} … {@code postAttachCommand} inside it, with the
 * workspace mounted and the host's git and ssh credentials forwarded); and the editor settings
 * in {@code .vscode/settings.json} (or a {@code *.code-workspace}'s {@code settings}) that name a
 * program the editor starts: a terminal's shell, its arguments and environment, a tool's
 * executable or interpreter path ({@code git.path}, {@code python.defaultInterpreterPath}).
 *
 * <p>WHY: {@code echo '{"tasks":[{…"command":"curl … | sh","runOptions":{"runOn":"folderOpen"}}]}'
 * > .vscode/tasks.json} writes code that runs the next time anyone opens the folder. The splitter
 * hands each such command line to the rules as a payload segment (like the text written into a
 * git hook), so it meets the floor and the bypass rules now; a program path is handed over as a
 * command of its own (SW8015 asks when it is a file of the project). The commands of ordinary
 * tasks are not payloads.
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
    private static final Pattern SETTINGS = Pattern.compile("(.*/)?(\\.vscode/settings\\.json|[^/]+\\.code-workspace)");

    /** A dev container's lifecycle commands, in the order they run. */
    private static final List<String> LIFECYCLE = List.of("initializeCommand", "onCreateCommand", "updateContentCommand",
            "postCreateCommand", "postStartCommand", "postAttachCommand");

    /** The terminal settings, per platform, whose values start a shell: group 1 the setting. */
    private static final Pattern TERMINAL = Pattern.compile("terminal\\.integrated\\.(shellArgs|shell|profiles|automationProfile|env)\\.(linux|osx|windows)");

    /**
     * Settings whose string value is a program the editor or an extension starts: {@code git.path},
     * {@code python.defaultInterpreterPath}, {@code eslint.nodePath}, {@code rust-analyzer.server.path},
     * {@code go.alternateTools}' values. Not {@code typescript.tsdk}: VS Code asks the user before it
     * runs a workspace's TypeScript.
     */
    private static final Pattern PROGRAM_SETTING = Pattern.compile(
            "(?i)[\\w.-]+\\.([\\w]*path|[\\w]*executable|[\\w]*executablePath|[\\w]*binary)");

    /** Settings whose value is a whole command line an extension runs ({@code jest.jestCommandLine}). */
    private static final Pattern COMMAND_LINE_SETTING = Pattern.compile("(?i)[\\w.-]+\\.[\\w]*commandLine");

    /** Whether {@code path} names a file whose auto-run commands {@link #commands} reads. */
    public static boolean isAutoRunConfig(String path) {
        return TASKS.matcher(path).matches() || DEVCONTAINER.matcher(path).matches() || SETTINGS.matcher(path).matches();
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
            for (String key : LIFECYCLE) {
                lifecycleCommands(top.get(key), out);
            }
        } else if (SETTINGS.matcher(path).matches()) {
            Object settings = path.endsWith(".code-workspace") ? top.get("settings") : top;
            if (settings instanceof Map<?, ?> m) {
                editorSettings(m, out);
            }
        }
        return Optional.of(out);
    }

    /**
     * The programs editor settings start, as command lines: a terminal profile's {@code path} with
     * its {@code args}, the default shell with {@code shellArgs}, the terminal's environment as
     * assignments before {@code true}, a program path setting as the program alone. A language's
     * own block ({@code "[python]": {…}}) holds settings too. {@code ${workspaceFolder}} is the
     * project, so it reads as {@code .}.
     */
    private static void editorSettings(Map<?, ?> settings, List<String> out) {
        for (Map.Entry<?, ?> e : settings.entrySet()) {
            String key = String.valueOf(e.getKey());
            Object v = e.getValue();
            java.util.regex.Matcher terminal = TERMINAL.matcher(key);
            if (key.startsWith("[") && v instanceof Map<?, ?> language) {
                editorSettings(language, out);
            } else if (terminal.matches()) {
                switch (terminal.group(1)) {
                    case "shellArgs" -> out.add(program("bash", v));
                    case "shell" -> programPath(v, out);
                    case "automationProfile" -> profile(v, out);
                    case "profiles" -> {
                        if (v instanceof Map<?, ?> profiles) {
                            profiles.values().forEach(p -> profile(p, out));
                        }
                    }
                    default -> {
                        // env: what every terminal starts with (NODE_OPTIONS, BASH_ENV, LD_PRELOAD…)
                        if (v instanceof Map<?, ?> env) {
                            StringBuilder line = new StringBuilder();
                            env.forEach((name, value) -> {
                                if (value instanceof String s && String.valueOf(name).matches("[A-Za-z_][A-Za-z0-9_]*")) {
                                    line.append(name).append('=').append(Word.singleQuoted(workspace(s))).append(' ');
                                }
                            });
                            if (line.length() > 0) {
                                out.add(line + "true");
                            }
                        }
                    }
                }
            } else if (PROGRAM_SETTING.matcher(key).matches()) {
                programPath(v, out);
            } else if (COMMAND_LINE_SETTING.matcher(key).matches() && v instanceof String line) {
                out.add(workspace(line));
            } else if (key.equals("go.alternateTools") && v instanceof Map<?, ?> tools) {
                tools.values().forEach(t -> programPath(t, out));
            }
        }
    }

    /** A terminal profile: {@code {"path": P or [P…], "args": [A…] or "A"}}; each path it may start, with the args. */
    private static void profile(Object p, List<String> out) {
        if (p instanceof Map<?, ?> profile) {
            Object path = profile.get("path");
            for (Object one : path instanceof List<?> paths ? paths : List.of(path == null ? "" : path)) {
                if (one instanceof String s && !s.isBlank()) {
                    out.add(program(workspace(s), profile.get("args")));
                }
            }
        }
    }

    /** A program path setting: the program alone, as a command line. */
    private static void programPath(Object v, List<String> out) {
        if (v instanceof String s && !s.isBlank()) {
            out.add(Word.singleQuoted(workspace(s)));
        }
    }

    /** {@code program} with {@code args} (a list of words, or one string the shell splits) as one command line. */
    private static String program(String program, Object args) {
        StringBuilder line = new StringBuilder(Word.singleQuoted(program));
        if (args instanceof String s) {
            line.append(' ').append(s);
        } else if (args instanceof List<?> words) {
            for (Object a : words) {
                if (a instanceof String s) {
                    line.append(' ').append(Word.singleQuoted(s));
                }
            }
        }
        return line.toString();
    }

    /** {@code ${workspaceFolder}/x} as {@code ./x}: the editor's name for the project folder. */
    private static String workspace(String s) {
        return s.replaceAll("\\$\\{(workspaceFolder|workspaceRoot)(:[^}]*)?\\}", ".");
    }

    /**
     * Whether text that {@link #commands} cannot read may still make an editor run a command: it
     * names the auto-run keys (a lifecycle {@code …Command}, a terminal or program path setting),
     * or escapes characters (a key spelled {@code folder\u004fpen}). Editors' readers repair many
     * syntax errors, so unreadable text is not harmless text.
     */
    public static boolean mayNameAutoRun(String text) {
        return MAY_RUN.matcher(text).find();
    }

    private static final Pattern MAY_RUN = Pattern.compile("folderOpen|Command|terminal\\.integrated|(?i:path|executable|binary)|\\\\u");

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
