package dev.shellwarden.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Files that a tool the agent runs every day runs or loads later, with no command naming them:
 * a Makefile's recipes ({@code make}), justfile and Taskfile recipes, {@code tox.ini}'s commands,
 * the python modules pytest, pip, nox, sphinx and site import on their own ({@code conftest.py},
 * {@code setup.py}, {@code sitecustomize.py}, a package's {@code __init__.py}), the start-up files of pdb,
 * gdb, lldb, pry and irb ({@code .pdbrc}, {@code .gdbinit}, {@code .lldbinit}, {@code .pryrc}, {@code .irbrc}), the JavaScript configs bundlers and linters load ({@link ToolConfigFiles}),
 * {@code build.rs} and Gradle scripts, a Rakefile or Gemfile, {@code .cargo/config.toml}'s
 * runners and linker, the programs of {@code node_modules/.bin/} and a virtual environment's
 * {@code bin/} (its {@code activate} too), mise's tasks and hooks, Mercurial's {@code [hooks]}
 * and a Dockerfile's {@code RUN} lines.
 *
 * <p>WHY: {@code echo 'import os; os.system("curl … | sh")' > conftest.py} runs nothing now, but
 * the next {@code pytest} runs it unseen; the write rules read such a write as data. The bash
 * splitter hands the command lines found here to the rules as {@link Provenance#LATER_FILE}
 * payloads of the write, and the engine asks (never more) when running one would be asked about
 * or denied. Run in the same text ({@code > Makefile && make}), {@link WrittenFiles} reads the
 * same text again as a run, with the rules' full verdict.
 *
 * <p>INVARIANT: only adds segments, from text known exactly; the files {@link RunLaterFiles}
 * already reads (git hooks, {@code .envrc}, editor tasks) are not read twice.
 */
public final class LaterFiles {

    private LaterFiles() {
    }

    private static final Pattern MAKE = Pattern.compile("(.*/)?(GNUmakefile|[Mm]akefile|[^/]+\\.mk)");
    private static final Pattern JUST = Pattern.compile("(.*/)?(justfile|Justfile|\\.justfile)");
    private static final Pattern TASKFILE = Pattern.compile("(.*/)?[Tt]askfile(\\.dist)?\\.ya?ml");
    private static final Pattern TOX = Pattern.compile("(.*/)?tox\\.ini");
    /** Python modules a tool imports without being named: pytest's conftest, pip's setup.py, site's customize modules, packages. */
    private static final Pattern PYTHON = Pattern.compile("(.*/)?(conftest|setup|sitecustomize|usercustomize|__init__|__main__|noxfile|fabfile|tasks|dodo|manage)\\.py");
    private static final Pattern PDBRC = Pattern.compile("(.*/)?\\.pdbrc(\\.py)?");
    /** Debugger start-up files: gdb and lldb run their {@code shell}, {@code !} and {@code python} lines. */
    private static final Pattern DEBUGGER_RC = Pattern.compile("(.*/)?\\.(gdbinit|lldbinit)");
    /** Ruby REPL start-up files pry and irb load as code. */
    private static final Pattern RUBY_RC = Pattern.compile("(.*/)?\\.(pryrc|irbrc)");
    private static final Pattern BUILD_CODE = Pattern.compile("(.*/)?(build\\.rs|(build|settings|init)\\.gradle(\\.kts)?|init\\.d/[^/]+\\.gradle(\\.kts)?)");
    private static final Pattern RUBY = Pattern.compile("(.*/)?([Rr]akefile(\\.rb)?|[^/]+\\.rake|Vagrantfile|Gemfile|Guardfile|Dangerfile)");
    private static final Pattern CARGO = Pattern.compile("(.*/)?\\.cargo/config(\\.toml)?");
    private static final Pattern BIN = Pattern.compile("(.*/)?(node_modules/\\.bin|\\.?venv/bin|\\.venv/Scripts)/[^/]+");
    private static final Pattern MISE = Pattern.compile("(.*/)?(\\.?mise(\\.local)?\\.toml|\\.mise/config\\.toml|\\.config/mise(/config)?\\.toml|\\.config/mise/conf\\.d/[^/]+\\.toml|\\.tool-versions\\.toml)");
    private static final Pattern HGRC = Pattern.compile("(.*/)?(\\.hg/hgrc|\\.hgrc)");
    private static final Pattern DOCKERFILE = Pattern.compile("(.*/)?([Dd]ockerfile|Containerfile)(\\.[\\w.-]+)?|(.*/)?[\\w.-]+\\.[Dd]ockerfile");

    /** Whether {@code path} (with {@code /} separators) is a file read here for the commands it runs later. */
    public static boolean isLaterFile(String path) {
        String base = path.substring(path.lastIndexOf('/') + 1);
        return !RunLaterFiles.isRunLater(path) && (MAKE.matcher(path).matches() || JUST.matcher(path).matches()
                || TASKFILE.matcher(path).matches() || TOX.matcher(path).matches() || PYTHON.matcher(path).matches()
                || PDBRC.matcher(path).matches() || DEBUGGER_RC.matcher(path).matches() || RUBY_RC.matcher(path).matches()
                || BUILD_CODE.matcher(path).matches() || RUBY.matcher(path).matches()
                || CARGO.matcher(path).matches() || BIN.matcher(path).matches() || MISE.matcher(path).matches()
                || HGRC.matcher(path).matches() || DOCKERFILE.matcher(path).matches() || ToolConfigFiles.isCodeConfig(base)
                || base.equals(".pnpmfile.cjs"));
    }

    /** The command lines the text {@code text} written to {@code path} makes a tool run later; empty for other files. */
    public static List<String> commands(String path, String text) {
        if (!isLaterFile(path) || text == null || text.isBlank()) {
            return List.of();
        }
        String base = path.substring(path.lastIndexOf('/') + 1);
        List<String> out = new ArrayList<>();
        if (MAKE.matcher(path).matches()) {
            out.addAll(WrittenFiles.makeCommands(text));
        } else if (JUST.matcher(path).matches()) {
            out.addAll(WrittenFiles.justCommands(text));
        } else if (TASKFILE.matcher(path).matches()) {
            out.addAll(WrittenFiles.yamlValues(text, Set.of("cmds", "cmd")));
        } else if (TOX.matcher(path).matches()) {
            out.addAll(WrittenFiles.iniValues(text, Set.of("commands", "commands_pre", "commands_post")));
        } else if (DEBUGGER_RC.matcher(path).matches()) {
            out.addAll(debuggerCommands(text));
        } else if (RUBY_RC.matcher(path).matches()) {
            out.addAll(WrittenFiles.codeCommands(text));
        } else if (PDBRC.matcher(path).matches()) {
            out.addAll(WrittenFiles.codeCommands(pdbCode(text)));
        } else if (PYTHON.matcher(path).matches()) {
            out.addAll(WrittenFiles.codeCommands(text));
        } else if (BUILD_CODE.matcher(path).matches()) {
            out.addAll(WrittenFiles.codeCommands(text));
        } else if (RUBY.matcher(path).matches()) {
            out.addAll(WrittenFiles.codeCommands(text));
        } else if (CARGO.matcher(path).matches()) {
            out.addAll(WrittenFiles.cargoConfigCommands(text));
        } else if (BIN.matcher(path).matches()) {
            String language = WrittenFiles.language(path, text);
            out.addAll(language == null || language.equals("sh") ? List.of(text) : WrittenFiles.codeCommands(text));
        } else if (MISE.matcher(path).matches()) {
            out.addAll(miseCommands(text));
        } else if (HGRC.matcher(path).matches()) {
            out.addAll(hgHooks(text));
        } else if (DOCKERFILE.matcher(path).matches()) {
            out.addAll(dockerRuns(text));
        } else {
            // a JavaScript or python config a tool imports as code: the command lines its process calls name
            // (code that only spawns processes is ordinary in a file; the interpreter rules judge typed inline code)
            out.addAll(WrittenFiles.codeCommands(text));
        }
        out.removeIf(c -> c == null || c.isBlank());
        return out;
    }

    /**
     * The command lines of a gdb or lldb init file: {@code shell CMD}, {@code !CMD},
     * {@code platform shell CMD} and {@code pipe … | CMD} as shell lines, {@code python CODE} (and a
     * {@code python} … {@code end} block) and lldb's {@code script CODE} as python inline code.
     */
    static List<String> debuggerCommands(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder block = null;
        for (String line : text.split("\n")) {
            String t = line.strip();
            if (block != null) {
                if (t.equals("end")) {
                    out.add(WrittenFiles.inlineForm("python", block.toString()));
                    block = null;
                } else {
                    block.append(line).append('\n');
                }
                continue;
            }
            Matcher m = DEBUGGER_LINE.matcher(t);
            if (!m.matches()) {
                continue;
            }
            String verb = m.group(1);
            String rest = m.group(2).strip();
            if (verb.startsWith("py") || verb.equals("script")) {
                if (rest.isEmpty()) {
                    block = new StringBuilder();
                } else {
                    out.add(WrittenFiles.inlineForm("python", rest));
                }
            } else if (verb.equals("pipe") || verb.equals("|")) {
                int bar = rest.indexOf('|');
                out.add(bar >= 0 ? rest.substring(bar + 1) : rest);
            } else {
                out.add(rest);
            }
        }
        if (block != null) {
            out.add(WrittenFiles.inlineForm("python", block.toString()));
        }
        return out;
    }

    private static final Pattern DEBUGGER_LINE = Pattern.compile(
            "(shell|!|platform\\s+shell|python|python-interactive|pi|py|script|pipe|\\|)(?:\\s+|(?<=!|\\|)|$)(.*)");

    /** pdb's start-up lines as python: a {@code !} line is a statement, and so is any line pdb does not know. */
    static String pdbCode(String text) {
        return PdbCommands.python(text);
    }

    private static final Pattern TOML_SECTION = Pattern.compile("\\s*\\[+\\s*([^\\]]+?)\\s*\\]+\\s*(#.*)?");
    private static final Pattern TOML_KEY = Pattern.compile("\\s*([\\w.\"'-]+)\\s*=\\s*(.+?)\\s*");
    private static final Pattern TOML_STRING = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"|'([^']*)'");
    private static final Set<String> MISE_HOOKS = Set.of("enter", "leave", "cd", "preinstall", "postinstall", "watch_files", "script", "run");

    /**
     * mise's command lines: every task's {@code run} (a string or a list of them; {@code [tasks]}
     * entries given as a bare string), its hooks ({@code enter}, {@code leave}, {@code cd},
     * {@code preinstall}, {@code postinstall}), and the files {@code [env]}'s {@code _.source}
     * has the shell source, as {@code . FILE}.
     */
    static List<String> miseCommands(String text) {
        List<String> out = new ArrayList<>();
        String section = "";
        for (String line : text.replace("\\\n", " ").split("\n")) {
            Matcher s = TOML_SECTION.matcher(line);
            if (s.matches()) {
                section = s.group(1).replace("\"", "");
                continue;
            }
            Matcher k = TOML_KEY.matcher(line);
            if (!k.matches()) {
                continue;
            }
            String key = k.group(1).replace("\"", "");
            String value = k.group(2);
            boolean command = section.startsWith("tasks") && (key.equals("run") || key.endsWith(".run") || section.equals("tasks") && !key.contains("."))
                    || section.equals("hooks") && (MISE_HOOKS.contains(key) || key.endsWith(".run") || key.endsWith(".script"))
                    || section.startsWith("hooks") && (key.equals("run") || key.equals("script"));
            if (section.equals("tasks") && value.startsWith("{")) {
                Matcher inner = Pattern.compile("\\brun\\s*=\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*'|\\[[^\\]]*\\])").matcher(value);
                if (inner.find()) {
                    strings(inner.group(1), out);
                }
                continue;
            }
            if (command) {
                strings(value, out);
            } else if (section.equals("env") && (key.equals("_.source") || key.equals("_.file") && value.contains(".sh"))) {
                List<String> files = new ArrayList<>();
                strings(value, files);
                files.forEach(f -> out.add(". " + Word.singleQuoted(f)));
            } else if (key.equals("_.source")) {
                List<String> files = new ArrayList<>();
                strings(value, files);
                files.forEach(f -> out.add(". " + Word.singleQuoted(f)));
            }
        }
        return out;
    }

    /** The TOML strings of a value: one string, or each string of a list. */
    private static void strings(String value, List<String> out) {
        Matcher m = TOML_STRING.matcher(value);
        while (m.find()) {
            String v = m.group(1) != null ? m.group(1).replace("\\\"", "\"").replace("\\n", "\n").replace("\\\\", "\\") : m.group(2);
            if (!v.isBlank()) {
                out.add(v);
            }
            if (!value.trim().startsWith("[")) {
                break;
            }
        }
    }

    /** Mercurial's {@code [hooks]} command lines (an in-process {@code python:} hook is code of a file not shown here). */
    static List<String> hgHooks(String text) {
        List<String> out = new ArrayList<>();
        boolean hooks = false;
        for (String line : text.split("\n")) {
            Matcher s = TOML_SECTION.matcher(line);
            if (s.matches()) {
                hooks = s.group(1).trim().equals("hooks");
                continue;
            }
            int eq = line.indexOf('=');
            if (hooks && eq > 0 && !line.trim().startsWith("#") && !line.trim().startsWith(";")) {
                String v = line.substring(eq + 1).trim();
                if (!v.isEmpty() && !v.startsWith("python:")) {
                    out.add(v);
                }
            }
        }
        return out;
    }

    private static final Pattern DOCKER_RUN = Pattern.compile("(?i)\\s*RUN\\s+((?:--[\\w-]+(?:=\\S*)?\\s+)*)(.*)");

    private static final Pattern DOCKER_FROM = Pattern.compile("(?i)\\s*FROM\\s+(?:--[\\w-]+=\\S+\\s+)*(\\S+).*");

    /**
     * A Dockerfile's {@code RUN} lines, each as the container command the build runs
     * ({@code docker run --rm IMAGE sh -c 'LINE'}, the exec form's words after the image), so
     * that its paths are judged as the container's and not the host's ({@code rm -rf /var/cache/apk/*}
     * in an image is no delete on the host).
     */
    static List<String> dockerRuns(String text) {
        List<String> out = new ArrayList<>();
        String image = "scratch";
        for (String line : text.replace("\\\n", " ").split("\n")) {
            Matcher from = DOCKER_FROM.matcher(line);
            if (from.matches()) {
                image = from.group(1).matches("[\\w./:@-]+") ? from.group(1) : "scratch";
                continue;
            }
            Matcher m = DOCKER_RUN.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String body = m.group(2).trim();
            String run = "docker run --rm " + image + " ";
            if (body.startsWith("[")) {
                List<String> words = new ArrayList<>();
                Matcher w = TOML_STRING.matcher(body);
                while (w.find()) {
                    words.add(Word.singleQuoted(w.group(1) != null ? w.group(1).replace("\\\"", "\"") : w.group(2)));
                }
                if (!words.isEmpty()) {
                    out.add(run + String.join(" ", words));
                }
            } else if (!body.isEmpty()) {
                out.add(run + "sh -c " + Word.singleQuoted(body));
            }
        }
        return out;
    }
}
