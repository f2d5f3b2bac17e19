package dev.shellwarden.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Settings whose value is a command line that a program later hands to a shell: hook variables
 * ({@code GIT_SSH_COMMAND='…' git fetch}, {@code export PAGER='…'}), git configuration
 * ({@code git -c alias.x='!…' x}, {@code git config core.sshCommand '…'}, the same passed in
 * {@code GIT_CONFIG_COUNT}/{@code GIT_CONFIG_PARAMETERS}), the command options of git
 * subcommands ({@code rebase -x}, {@code bisect run}, {@code submodule foreach},
 * {@code difftool -x}, {@code grep -O}, {@code send-email --sendmail-cmd}) and package scripts
 * ({@code npm pkg set scripts.x='…'}, {@code npm set-script x '…'}).
 *
 * <p>WHY: the command line is data to the shell that runs this command and code to the shell that
 * runs it later, often in the same command ({@code … && git co}, {@code … && npm run x}). The
 * splitter hands each literal command line to the rules as a payload segment, so
 * {@code git config alias.co '!rm -rf ~'} meets the floor like {@code rm -rf ~} itself. The rules
 * read the same tables (one place for "which settings run commands").
 *
 * <p>INVARIANT: only adds segments; the setting itself stays on its segment for the rules that
 * judge setting a program at all (SW4013, SW4014, SW8003, SW8006).
 */
public final class CommandSettings {

    private CommandSettings() {
    }

    /** Environment variables whose value is a command line the program runs through a shell. */
    public static final Set<String> HOOK_VARIABLES = Set.of("GIT_SSH_COMMAND", "GIT_PAGER", "PAGER", "MANPAGER",
            "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "EDITOR", "VISUAL", "SUDO_EDITOR", "SYSTEMD_EDITOR", "GIT_EXTERNAL_DIFF",
            "GIT_PROXY_COMMAND", "PROMPT_COMMAND", "LESSOPEN", "LESSCLOSE", "BROWSER",
            // other tools' ssh commands, pagers, editors, diff programs and password commands
            "RSYNC_RSH", "BORG_RSH", "SVN_SSH", "BAT_PAGER", "PSQL_PAGER", "SYSTEMD_PAGER", "GH_PAGER", "AWS_PAGER",
            "DELTA_PAGER", "KUBE_EDITOR", "KUBECTL_EXTERNAL_DIFF", "SVN_EDITOR", "GH_EDITOR", "GH_BROWSER", "HGEDITOR",
            "FZF_DEFAULT_COMMAND", "RESTIC_PASSWORD_COMMAND", "BORG_PASSCOMMAND",
            // rsync runs this command line through a shell to reach an rsync:// daemon (rt38)
            "RSYNC_CONNECT_PROG");

    /**
     * Cargo's runner and compiler wrappers: the program (and its words) cargo starts in front of
     * the built binary or rustc ({@code CARGO_TARGET_<TRIPLE>_RUNNER}, {@code RUSTC_WRAPPER}).
     */
    public static final Pattern RUNNER_VARIABLE = Pattern.compile("CARGO_TARGET_[A-Z0-9_]+_RUNNER|(?:CARGO_BUILD_)?RUSTC(?:_WORKSPACE)?_WRAPPER");

    /**
     * Git configuration keys (lower case) whose value git runs through a shell: {@code alias.*}
     * and {@code credential.helper} only when the value starts with {@code !}.
     */
    public static final Pattern GIT_COMMAND_KEY = Pattern.compile(
            "core\\.(pager|editor|sshcommand|fsmonitor|askpass|gitproxy)|sequence\\.editor"
            + "|diff\\.(external|.*\\.textconv|.*\\.command)|merge\\..*\\.driver|filter\\..*\\.(clean|smudge|process)"
            + "|gpg(\\..*)?\\.program|credential(\\..*)?\\.helper|uploadpack\\.packobjectshook|pager\\..*"
            + "|web\\.browser|man\\..*\\.(cmd|path)|alias\\..*|remote\\..*\\.(uploadpack|receivepack)"
            + "|(merge|diff)tool\\..*\\.cmd|sendemail\\.(sendmailcmd|tocmd|cccmd|headercmd)|core\\.alternaterefscommand"
            + "|interactive\\.difffilter|gpg\\.ssh\\.defaultkeycommand|submodule\\..*\\.update|browser\\..*\\.cmd"
            // interpret-trailers and commit/tag --trailer run a trailer's command for its value
            + "|trailer\\..*\\.(command|cmd)"
            // imap-send runs imap.tunnel through a shell to reach the server (rt38)
            + "|imap\\.tunnel");

    /** Pagers, editors and no-ops that these settings usually name; their values are not split. */
    private static final Set<String> PLAIN_PROGRAMS = Set.of("less", "more", "most", "cat", "bat", "delta",
            "diff-so-fancy", "vim", "vi", "nvim", "nano", "emacs", "emacsclient", "code", "subl", "mate", "true", "false",
            ":", "ssh");

    /**
     * Whether a program-setting variable's value is plain: option words that load no file, or a
     * known pager or editor with such options. {@code PERL5OPT=-w}, {@code PERL5OPT=-Mstrict},
     * {@code RUBYOPT=-W0}, {@code RUBYOPT=-rbundler/setup} (a library by name), {@code EDITOR=vim},
     * {@code EDITOR='code --wait'}, {@code GIT_PAGER='delta --dark'}; false for any other variable.
     *
     * <p>WHY: SW4014 asks about every program-setting assignment; these values start nothing but
     * the program the user already has, the way {@code PAGER=less} does. Anything that loads a
     * file ({@code -I}, {@code -d}, {@code -r./x}, {@code vim -S}, {@code --extensions-dir=…}),
     * names a path outside the system's program folders, or is not a plain literal stays asked.
     */
    public static boolean isPlainSetting(String name, String value) {
        String v = value.trim();
        if (v.isEmpty() || !PLAIN_WORDS.matcher(v).matches()) {
            return false;
        }
        String[] words = v.split(" +");
        return switch (name) {
            case "PERL5OPT" -> java.util.Arrays.stream(words).allMatch(w -> PERL_PLAIN_OPTION.matcher(w).matches());
            case "RUBYOPT" -> java.util.Arrays.stream(words).allMatch(w -> RUBY_PLAIN_OPTION.matcher(w).matches() && !w.contains(".."));
            default -> PAGER_OR_EDITOR.matcher(name).matches() && HOOK_VARIABLES.contains(name) && plainProgramLine(words);
        };
    }

    /** Words without quotes, expansions or shell syntax, separated by single blanks. */
    private static final Pattern PLAIN_WORDS = Pattern.compile("[A-Za-z0-9_.,:=/+-]+( [A-Za-z0-9_.,:=/+-]+)*");
    /** Perl start-up options that load nothing but installed modules by name: warnings, taint, Unicode, {@code -M}/{@code -m}. */
    private static final Pattern PERL_PLAIN_OPTION = Pattern.compile("-[wWtT]|-C[0-9A-Za-z]*|-[Mm]-?[A-Za-z_][A-Za-z0-9_:]*(=[A-Za-z0-9_,:]+)?");
    /** Ruby start-up options that load nothing but installed libraries by name. */
    private static final Pattern RUBY_PLAIN_OPTION = Pattern.compile("-W[0-2]?|-W:[a-z-]+|-w|-v|--verbose|-E[A-Za-z0-9:_-]+|--(en|dis)able[=-][a-z_,-]+"
            + "|--y?jit[a-z0-9=_-]*|-r[A-Za-z_][A-Za-z0-9_/-]*");
    /** The pager and editor variables among {@link #HOOK_VARIABLES}. */
    private static final Pattern PAGER_OR_EDITOR = Pattern.compile("[A-Z_]*(PAGER|EDITOR)|VISUAL");
    /** Options of a pager or editor that name a file or code to load, by their long name. */
    private static final Pattern LOADING_OPTION = Pattern.compile("(?i)--.*(dir|path|file|config|rc|init|load|plugin|extension|script|cmd|command|exec|eval|source|profile|user-data).*");

    /** A known pager or editor, by name or from a system program folder, with option words that load nothing. */
    private static boolean plainProgramLine(String[] words) {
        String program = words[0].replaceFirst("^(/usr/local/bin/|/usr/bin/|/bin/|/opt/homebrew/bin/)", "");
        if (program.contains("/") || program.equals("ssh") || !PLAIN_PROGRAMS.contains(program)) {
            return false;
        }
        boolean vi = program.matches("g?vim?|nvim|view");
        for (int i = 1; i < words.length; i++) {
            String w = words[i];
            // vim -S sources Session.vim from the working folder
            if (!w.matches("--?[A-Za-z][A-Za-z0-9-]*(=[A-Za-z0-9_,:-]+)?") || LOADING_OPTION.matcher(w).matches() || vi && w.matches("-[A-Za-z]*S.*")) {
                return false;
            }
        }
        return true;
    }

    /** A value without any shell syntax: one program and its plain arguments. */
    private static final Pattern SHELL_SYNTAX = Pattern.compile("[^;&|$`<>(){}\\n\\\\]*");

    /** Options of git itself that take a value (before the subcommand). */
    private static final Set<String> GIT_WITH_ARG = Set.of("-C", "-c", "--git-dir", "--work-tree", "--namespace",
            "--config-env", "--exec-path", "--super-prefix");

    /** Options of {@code git config} that take a value. */
    private static final Set<String> GIT_CONFIG_WITH_ARG = Set.of("-f", "--file", "--blob", "--type", "--default",
            "--comment", "--value");

    /**
     * The command line a hook variable's assignment ({@code NAME=value}) runs, or null when the
     * name is not a hook variable or its value is empty or a plain pager, editor or no-op.
     */
    public static String hookCommand(String assignment) {
        int eq = assignment.indexOf('=');
        if (eq <= 0 || !HOOK_VARIABLES.contains(assignment.substring(0, eq)) && !RUNNER_VARIABLE.matcher(assignment.substring(0, eq)).matches()) {
            return null;
        }
        // LESSOPEN='|cmd %s': the leading pipe and the file placeholder are less's syntax
        return unlessPlain(assignment.substring(eq + 1).replaceFirst("^\\|+", "").replace("%s", "FILE"));
    }

    /** Vim/ex start-up commands: a shell escape ({@code :!cmd}, {@code silent !cmd}, {@code r !cmd}) runs the rest of the line. */
    private static final Pattern VIM_BANG = Pattern.compile("(?:^|[:|\\s])(?:sil(?:ent)?!?\\s*)?(?:(?:r|read|w|write)\\s*)?!\\s*(.+)$", Pattern.DOTALL);

    /** {@code system("cmd")} or {@code system('cmd')} in Vim script. */
    private static final Pattern VIM_SYSTEM = Pattern.compile("system\\(\\s*[\"']((?:[^\"'\\\\]|\\\\.)+)[\"']");

    /** A JVM option that names a command line: {@code -XX:OnOutOfMemoryError=CMD}, {@code -XX:OnError=CMD}. */
    private static final Pattern JVM_COMMAND = Pattern.compile("-XX:On(?:OutOfMemory)?Error=(?:\"([^\"]*)\"|'([^']*)'|(\\S+))");

    /** A JVM agent jar: {@code -javaagent:PATH[=OPTIONS]}. */
    private static final Pattern JVM_AGENT = Pattern.compile("-javaagent:([^=\\s]+)");

    /** Variables with JVM options. */
    private static final Set<String> JVM_OPTION_VARIABLES = Set.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS",
            "JAVA_OPTS", "MAVEN_OPTS", "GRADLE_OPTS", "SBT_OPTS");

    /**
     * The command lines that judge the code a program-setting variable's value carries, the way
     * {@code sh -c} text is judged ({@code PERL5OPT='-Mstrict;system(…)'} as {@code perl -e 'use
     * strict;system(…)'}); empty for every other assignment and for plain values
     * ({@code PERL5OPT=-w}, {@code NODE_OPTIONS=--max-old-space-size=4096}, {@code JAVA_TOOL_OPTIONS=-Xmx2g}).
     *
     * <p>WHY: these values are options or code that the program runs on start: PERL5OPT's
     * {@code -M} text becomes {@code use …;}, PERL5DB is Perl, VIMINIT/EXINIT are ex commands
     * ({@code :!cmd}), LESS's {@code +!cmd} runs a shell command, NODE_OPTIONS loads files and
     * {@code data:} URLs, RUBYOPT requires files, a JVM option names an agent jar or a command for
     * OnError/OnOutOfMemoryError, BASH_ENV and ENV are expanded (a command substitution in them runs)
     * and then sourced, PYTHONSTARTUP is run by an interactive python, and the ask-pass variables
     * name a program. The setting itself stays on its segment (SW4014 asks about it); these
     * command lines only add what the value would run.
     */
    public static List<String> codeCommands(String assignment) {
        int eq = assignment.indexOf('=');
        if (eq <= 0) {
            return List.of();
        }
        String name = assignment.substring(0, eq);
        String value = assignment.substring(eq + 1);
        if (value.isBlank()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        switch (name) {
            case "PERL5OPT" -> {
                java.util.regex.Matcher m = Pattern.compile("-[Mm](-?)(\\S.*)", Pattern.DOTALL).matcher(value);
                if (m.find() && m.group(2).matches("(?s).*[;({'\"\\s].*")) {
                    out.add("perl -e " + Word.singleQuoted((m.group(1).isEmpty() ? "use " : "no ") + m.group(2)));
                }
            }
            case "PERL5DB" -> out.add("perl -e " + Word.singleQuoted(value));
            case "VIMINIT", "GVIMINIT", "EXINIT" -> {
                java.util.regex.Matcher bang = VIM_BANG.matcher(value);
                if (bang.find()) {
                    out.add(bang.group(1));
                }
                java.util.regex.Matcher sys = VIM_SYSTEM.matcher(value);
                while (sys.find()) {
                    out.add(sys.group(1).replace("\\\"", "\"").replace("\\'", "'"));
                }
            }
            case "LESS" -> {
                java.util.regex.Matcher m = Pattern.compile("(?:^|\\s)\\+\\+?!(.+)$", Pattern.DOTALL).matcher(value);
                if (m.find()) {
                    out.add(m.group(1));
                }
            }
            case "NODE_OPTIONS" -> nodeOptions(value, out);
            case "RUBYOPT" -> {
                java.util.regex.Matcher e = Pattern.compile("(?:^|\\s)-e\\s*(.+)$", Pattern.DOTALL).matcher(value);
                if (e.find()) {
                    out.add("ruby -e " + Word.singleQuoted(e.group(1)));
                }
                java.util.regex.Matcher r = Pattern.compile("(?:^|\\s)-r\\s*(\\S+)").matcher(value);
                while (r.find()) {
                    if (r.group(1).contains("/") && (r.group(1).startsWith("/") || r.group(1).startsWith(".") || r.group(1).startsWith("~"))) {
                        out.add("ruby " + Word.singleQuoted(r.group(1)));
                    }
                }
            }
            case "PYTHONSTARTUP" -> out.add("python3 " + Word.singleQuoted(value));
            // expanded first (a command substitution in the value runs), then sourced
            case "BASH_ENV", "ENV" -> out.add(". \"" + value + "\"");
            case "SSH_ASKPASS", "SUDO_ASKPASS", "GIT_ASKPASS" -> out.add(Word.singleQuoted(value));
            default -> {
                if (JVM_OPTION_VARIABLES.contains(name)) {
                    java.util.regex.Matcher c = JVM_COMMAND.matcher(value);
                    while (c.find()) {
                        out.add(c.group(1) != null ? c.group(1) : c.group(2) != null ? c.group(2) : c.group(3));
                    }
                    java.util.regex.Matcher a = JVM_AGENT.matcher(value);
                    while (a.find()) {
                        out.add("java -jar " + Word.singleQuoted(a.group(1)));
                    }
                }
            }
        }
        return out;
    }

    /** NODE_OPTIONS: files it preloads ({@code --require}, {@code --import}, {@code --loader}) and code ({@code data:} URLs, {@code --eval}). */
    private static void nodeOptions(String value, List<String> out) {
        java.util.regex.Matcher e = Pattern.compile("(?:^|\\s)(?:--eval|-e|--print|-p)(?:=|\\s+)(.+)$", Pattern.DOTALL).matcher(value);
        if (e.find()) {
            out.add("node -e " + Word.singleQuoted(e.group(1)));
        }
        java.util.regex.Matcher m = Pattern.compile(
                "(?:^|\\s)(?:--require|-r|--import|--loader|--experimental-loader)(?:=|\\s+)(?:\"([^\"]*)\"|'([^']*)'|(\\S+))").matcher(value);
        while (m.find()) {
            String v = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
            if (v.startsWith("data:")) {
                int comma = v.indexOf(',');
                // the rest of the value: a data: URL's code may hold blanks
                String code = comma < 0 ? "" : value.substring(value.indexOf(v) + comma + 1);
                if (!code.isEmpty()) {
                    out.add("node -e " + Word.singleQuoted(code));
                }
            } else if (v.startsWith("/") || v.startsWith(".") || v.startsWith("~")) {
                out.add("node " + Word.singleQuoted(v));
            }
        }
    }

    /**
     * The command line a git setting runs, or null: {@code alias.x} with a leading {@code !} as a
     * shell line, without it as {@code git VALUE}; {@code credential.helper} only with a leading
     * {@code !}; {@code core.fsmonitor} not when it is a boolean.
     */
    public static String gitCommand(String key, String value) {
        String k = key.toLowerCase(Locale.ROOT);
        if (!GIT_COMMAND_KEY.matcher(k).matches()) {
            return null;
        }
        String v = value.trim();
        // an alias without `!` is a git command line: `alias.nuke='reset --hard'` makes `git nuke`
        // run `git reset --hard`, so its value is judged as that command, as a `!` one is as a shell line
        if (k.startsWith("alias.") && !v.startsWith("!")) {
            return v.isEmpty() ? null : "git " + v;
        }
        if (k.startsWith("alias.") || k.startsWith("credential") || k.startsWith("submodule.")) {
            return v.startsWith("!") ? unlessPlain(v.substring(1)) : null;
        }
        if (k.equals("core.fsmonitor") && v.matches("(?i)true|false|yes|no|on|off|0|1")) {
            return null;
        }
        return unlessPlain(v);
    }

    /**
     * True for the programs {@link #settingCommands} reads: their own words can store a command
     * line they run later ({@code git -c alias.x='!…'}, {@code git config}, {@code npm pkg set scripts.x}).
     */
    public static boolean storesCommands(String name) {
        return name.equals("git") || name.equals("npm") || name.equals("pnpm");
    }

    /**
     * The command lines that the settings made by one command ({@code argv}, literal words) will
     * run: {@code git -c KEY=VALUE …}, {@code git config [scope] KEY VALUE},
     * {@code npm|pnpm pkg set scripts.NAME=VALUE…} and {@code npm set-script NAME VALUE}.
     */
    public static List<String> settingCommands(List<String> argv) {
        List<String> out = new ArrayList<>();
        if (argv.isEmpty()) {
            return out;
        }
        String name = argv.get(0).substring(argv.get(0).lastIndexOf('/') + 1);
        if (!storesCommands(name)) {
            return out;
        }
        if (name.equals("git")) {
            git(argv, out);
        } else if (name.equals("npm") || name.equals("pnpm")) {
            packageScripts(argv, out);
        }
        return out;
    }

    private static void git(List<String> argv, List<String> out) {
        int i = 1;
        java.util.Map<String, String> aliases = new java.util.LinkedHashMap<>();
        for (; i < argv.size() && argv.get(i).startsWith("-"); i++) {
            String a = argv.get(i);
            if (a.equals("-c") && i + 1 < argv.size()) {
                keyValue(argv.get(i + 1), out);
                String kv = argv.get(i + 1);
                int eq = kv.indexOf('=');
                if (eq > 0 && kv.substring(0, eq).toLowerCase(Locale.ROOT).startsWith("alias.")) {
                    aliases.put(kv.substring("alias.".length(), eq).toLowerCase(Locale.ROOT), kv.substring(eq + 1));
                }
            }
            if (GIT_WITH_ARG.contains(a)) {
                i++;
            }
        }
        aliasChains(aliases, out);
        if (i >= argv.size()) {
            return;
        }
        if (!argv.get(i).equals("config")) {
            gitSubcommandRuns(argv.get(i), argv.subList(i + 1, argv.size()), out);
            return;
        }
        List<String> operands = new ArrayList<>();
        for (int j = i + 1; j < argv.size(); j++) {
            String a = argv.get(j);
            if (a.equals("--")) {
                operands.addAll(argv.subList(j + 1, argv.size()));
                break;
            }
            if (a.startsWith("-")) {
                if (GIT_CONFIG_WITH_ARG.contains(a)) {
                    j++;
                }
                continue;
            }
            operands.add(a);
        }
        // git config [set] KEY VALUE (the 2.46 spelling has the verb first)
        if (!operands.isEmpty() && (operands.get(0).equals("set") || operands.get(0).equals("--add"))) {
            operands.remove(0);
        }
        if (operands.size() >= 2) {
            add(gitCommand(operands.get(0), operands.get(1)), out);
        }
    }

    /**
     * Git subcommands given a command line they run through a shell: {@code rebase -x CMD},
     * {@code bisect run CMD ARGS…}, {@code submodule foreach CMD}, {@code difftool -x CMD},
     * {@code grep -O CMD} (the files are appended), {@code send-email --sendmail-cmd CMD} and an
     * absolute {@code --smtp-server} program.
     */
    private static void gitSubcommandRuns(String sub, List<String> args, List<String> out) {
        switch (sub) {
            case "rebase" -> optionValues(args, Set.of("-x", "--exec"), true, out);
            // git takes any unique abbreviation of a long option (`--extc=`, `--open-files-in-p=`)
            case "difftool" -> optionValues(abbreviated(args, "--extcmd", 5), Set.of("-x", "--extcmd"), true, out);
            case "grep" -> {
                for (String a : abbreviated(args, "--open-files-in-pager", 4)) {
                    if (a.startsWith("--open-files-in-pager=") || a.startsWith("-O") && a.length() > 2) {
                        add(unlessPlain(a.substring(a.startsWith("-O") ? 2 : a.indexOf('=') + 1)), out);
                    }
                }
            }
            case "send-email" -> {
                List<String> spelled = abbreviated(abbreviated(abbreviated(abbreviated(args, "--sendmail-cmd", 5), "--to-cmd", 6),
                        "--cc-cmd", 6), "--header-cmd", 5);
                optionValues(spelled, Set.of("--sendmail-cmd", "--to-cmd", "--cc-cmd", "--header-cmd"), true, out);
                List<String> smtp = new ArrayList<>();
                optionValues(args, Set.of("--smtp-server"), true, smtp);
                smtp.stream().filter(v -> v.startsWith("/")).forEach(out::add);
            }
            // every filter of filter-branch is a command line run by sh
            case "filter-branch" -> optionValues(args, Set.of("--env-filter", "--tree-filter", "--index-filter", "--msg-filter",
                    "--commit-filter", "--parent-filter", "--tag-name-filter"), true, out);
            case "bisect", "submodule" -> {
                List<String> rest = new ArrayList<>(args);
                String verb = sub.equals("bisect") ? "run" : "foreach";
                if (sub.equals("submodule")) {
                    // git submodule [--quiet] foreach [--recursive] CMD
                    rest.removeIf(a -> a.equals("--quiet") || a.equals("-q") || a.equals("--recursive"));
                }
                if (rest.size() >= 2 && rest.get(0).equals(verb)) {
                    List<String> command = rest.subList(1, rest.size());
                    // one word is a command line; more are a program and its arguments
                    StringBuilder line = new StringBuilder(command.get(0));
                    for (String a : command.subList(1, command.size())) {
                        // the calling shell expanded `~` and `$X` before git saw them: keep them expandable
                        line.append(' ').append(a.startsWith("~") || a.contains("$") ? a : Word.singleQuoted(a));
                    }
                    add(unlessPlain(line.toString()), out);
                }
            }
            default -> {
                // other subcommands take no command line
            }
        }
    }

    /** {@code args} with every abbreviation of {@code full} (at least {@code min} characters) written out. */
    static List<String> abbreviated(List<String> args, String full, int min) {
        List<String> out = new ArrayList<>(args.size());
        for (String a : args) {
            int eq = a.indexOf('=');
            String key = eq < 0 ? a : a.substring(0, eq);
            out.add(key.length() >= min && key.startsWith("--") && full.startsWith(key) ? full + (eq < 0 ? "" : a.substring(eq)) : a);
        }
        return out;
    }

    /** The values of the options ({@code -x V}, {@code --exec V}, {@code --exec=V}). */
    private static void optionValues(List<String> args, Set<String> options, boolean split, List<String> out) {
        for (int k = 0; k < args.size(); k++) {
            String a = args.get(k);
            if (options.contains(a) && k + 1 < args.size()) {
                add(split ? unlessPlain(args.get(++k)) : args.get(++k), out);
            } else if (a.indexOf('=') > 0 && options.contains(a.substring(0, a.indexOf('=')))) {
                add(split ? unlessPlain(a.substring(a.indexOf('=') + 1)) : a.substring(a.indexOf('=') + 1), out);
            }
        }
    }

    /**
     * The command lines that git configuration passed in the environment runs:
     * {@code GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='…'} and
     * {@code GIT_CONFIG_PARAMETERS="'core.pager'='…'"} (what {@code git -c} itself passes on).
     *
     * @param assignments the literal {@code NAME=value} words of one command or export
     */
    public static List<String> environmentGitCommands(List<String> assignments) {
        java.util.Map<String, String> env = new java.util.HashMap<>();
        for (String a : assignments) {
            int eq = a.indexOf('=');
            if (eq > 0) {
                env.put(a.substring(0, eq), a.substring(eq + 1));
            }
        }
        List<String> out = new ArrayList<>();
        for (var e : env.entrySet()) {
            if (e.getKey().startsWith("GIT_CONFIG_KEY_")) {
                String value = env.get("GIT_CONFIG_VALUE_" + e.getKey().substring("GIT_CONFIG_KEY_".length()));
                if (value != null) {
                    add(gitCommand(e.getValue(), value), out);
                }
            }
        }
        String parameters = env.get("GIT_CONFIG_PARAMETERS");
        if (parameters != null) {
            java.util.regex.Matcher m = CONFIG_PARAMETER.matcher(parameters);
            while (m.find()) {
                add(gitCommand(m.group(1), m.group(2).replace("'\\''", "'")), out);
            }
        }
        out.sort(null); // the map's order must not leak into the segment order
        return out;
    }

    /**
     * The command lines of aliases that start with another alias of the same command
     * ({@code git -c alias.p=push -c alias.pp='p --force' pp} runs {@code git push --force}): each
     * chain is expanded as git expands it, the first word replaced by the alias it names and the
     * rest kept after it, a few levels deep. WHY (rt33b): each alias alone reads as
     * {@code git push} and {@code git p --force}, neither of them a force push.
     */
    private static void aliasChains(java.util.Map<String, String> aliases, List<String> out) {
        for (String value : aliases.values()) {
            String line = value.trim();
            boolean expanded = false;
            for (int depth = 0; depth < 8 && !line.startsWith("!"); depth++) {
                String first = line.split("\\s+", 2)[0];
                String other = aliases.get(first.toLowerCase(Locale.ROOT));
                if (first.isEmpty() || other == null) {
                    break;
                }
                line = other.trim() + line.substring(first.length());
                expanded = true;
            }
            if (expanded) {
                add(gitCommand("alias.chain", line), out);
            }
        }
    }

    /** One {@code 'key'='value'} pair of GIT_CONFIG_PARAMETERS (values quoted as git quotes them). */
    private static final Pattern CONFIG_PARAMETER = Pattern.compile("'([^']*)'='((?:[^']|'\\\\'')*)'");

    private static void keyValue(String kv, List<String> out) {
        int eq = kv.indexOf('=');
        if (eq > 0) {
            add(gitCommand(kv.substring(0, eq), kv.substring(eq + 1)), out);
        }
    }

    private static void packageScripts(List<String> argv, List<String> out) {
        int pkg = argv.indexOf("pkg");
        if (pkg > 0 && pkg + 1 < argv.size() && argv.get(pkg + 1).equals("set")) {
            for (String a : argv.subList(pkg + 2, argv.size())) {
                if (a.startsWith("scripts.") && a.indexOf('=') > 0) {
                    add(unlessPlain(a.substring(a.indexOf('=') + 1)), out);
                }
            }
        }
        int set = argv.indexOf("set-script");
        if (set > 0 && set + 2 < argv.size()) {
            add(unlessPlain(argv.get(set + 2)), out);
        }
    }

    private static void add(String command, List<String> out) {
        if (command != null) {
            out.add(command);
        }
    }

    private static String unlessPlain(String value) {
        String v = value.trim();
        if (v.isEmpty()) {
            return null;
        }
        String program = v.split("\\s+", 2)[0];
        // `less -R` alone is plain; `ssh ; rm -rf ~` is not: any shell syntax makes it a command line
        boolean plain = PLAIN_PROGRAMS.contains(program.substring(program.lastIndexOf('/') + 1))
                && SHELL_SYNTAX.matcher(v).matches();
        return plain ? null : v;
    }
}
