package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import dev.shellwarden.grammar.SshConfigFile;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Whether an ssh-family command runs a program on this machine through its options, read for
 * {@link Cmd#isSshOptionRunsProgram} (SW4017): an {@code -o} option that runs a command
 * (LocalCommand, PermitLocalCommand=yes, KnownHostsCommand, a ProxyCommand with shell syntax,
 * sshfs' ssh_command) and rsync's remote shell ({@code -e}, {@code --rsh}) given shell syntax. A
 * configuration file ({@code -F}) is read only when the command line shows its text
 * ({@link SshConfigFile}: printed into {@code -F /dev/stdin}, a process substitution, a file
 * written earlier on the line), with the same key reading plus {@code Match exec}; an unknown
 * file is not: one from a download is SW4002's ({@code -F <(curl …)}), and
 * {@code vagrant ssh-config | ssh -F /dev/stdin default} is everyday use that a deny here would
 * refuse. Also the programs
 * scp and sftp start by option ({@link #startedPrograms}: {@code -S PROGRAM}, the ssh to run, and
 * {@code -D PROGRAM}, a local sftp server), which {@link ProgramHooks} reads for SW4014.
 *
 * <p>WHY getopt's reading ({@link OptionWord#read}): ssh takes its options in clusters, so
 * {@code ssh -vo ProxyCommand=…}, {@code -4vo}, {@code -vvoProxyCommand=…} and {@code scp -qS/tmp/x}
 * carry the option as surely as {@code -o} alone; option names are case-insensitive and take
 * {@code Key=Value}, {@code Key Value} or {@code Key = Value}, quoted or not (ssh_config(5)).
 * ProxyJump ({@code -J}) names a host and runs nothing.
 */
final class SshLocalPrograms {

    private SshLocalPrograms() {
    }

    /** The short options that take a value, per tool: a letter after one of them in a cluster is its value. */
    private static final Map<String, String> VALUE_LETTERS = SshConfigFile.VALUE_LETTERS;

    /** rsync's long options that take the next word (its remote shell among them). */
    private static final Set<String> LONG_VALUE_OPTIONS = Words.setOf("--rsh --rsync-path --filter --exclude --include --temp-dir"
            + " --ssh --client --server --predict --family --port --bind-server --experimental-remote-ip");

    /** Shell syntax in a ProxyCommand: a list, a background job, a substitution or a parameter. */
    private static final String SHELL_SYNTAX = "(?s).*[;&`$].*";

    /**
     * True for a ProxyCommand (or a command line holding one) with shell syntax, a word naming a
     * shell by its base name ({@code sh -c id}, {@code /bin/bash}, {@code ProxyCommand=busybox sh},
     * {@code | sh}), or a program that runs code it is given ({@link #codeRunner}: {@code perl -e},
     * {@code /usr/bin/python3 x.py}, {@code script -qc CMD}). WHY base names ({@link Cmd#SHELLS}): a
     * plain proxy given by its path ({@code /usr/bin/ssh -W %h:%p bastion}, {@code /usr/bin/nc %h %p})
     * runs no shell, and {@code /bin/} in a path says nothing about what the program is. WHY the
     * word as the user's shell reads it: ssh hands the value to that shell, which drops a backslash
     * ({@code ba\sh} is bash) and expands a glob ({@code /bin/b?sh}, {@code /bin/[b]ash}).
     */
    private static boolean shellProxy(String value) {
        if (Regex.matches(value, SHELL_SYNTAX)) {
            return true;
        }
        for (String word : value.split("[\\s=|\"']+")) {
            if (namesShell(baseName(word))) {
                return true;
            }
        }
        // the program of each pipeline stage and of each ProxyCommand in a command line (a host or
        // option value named `node` or `R` is no program)
        for (String stage : value.split("\\|")) {
            String[] words = stage.strip().split("[\\s\"']+");
            if (words.length > 0 && codeRunner(baseName(words[0]))) {
                return true;
            }
        }
        java.util.regex.Matcher m = PROXY_PROGRAM.matcher(value);
        while (m.find()) {
            if (codeRunner(baseName(m.group(1)))) {
                return true;
            }
        }
        return false;
    }

    /** The program word after a ProxyCommand key ({@code ProxyCommand=/usr/bin/perl -e …}, {@code 'ProxyCommand perl'}). */
    private static final java.util.regex.Pattern PROXY_PROGRAM = java.util.regex.Pattern.compile("(?i)proxycommand\\s*[=\\s]\\s*[\"']?([^\\s\"']+)");

    /** A word's base name as the shell runs it: backslashes dropped, lower case. */
    private static String baseName(String word) {
        String w = word.replace("\\", "");
        return w.substring(w.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    }

    /** True for a shell's name, or a glob ({@code b?sh}, {@code [b]ash}, {@code *sh}) that matches one. */
    private static boolean namesShell(String base) {
        if (Cmd.SHELLS.contains(base)) {
            return true;
        }
        if (!Regex.matches(base, ".*[?*\\[].*") || base.equals("*")) {
            return false;
        }
        String glob = base.replace(".", "\\.").replace("?", ".").replace("*", ".*");
        return Cmd.SHELLS.stream().anyMatch(sh -> Regex.matches(sh, glob));
    }

    /**
     * Programs besides the interpreters ({@link Cmd#isInterpreterName}) that run code or a command
     * line given as their arguments: awk's {@code system()}, {@code script -c} and {@code expect -c}
     * (the user's shell), {@code socat SYSTEM:}.
     */
    private static final Set<String> CODE_RUNNERS = Words.setOf("awk gawk mawk nawk busybox script expect eval");

    /** True for a program that runs code it is given: an interpreter or one of {@link #CODE_RUNNERS}. */
    private static boolean codeRunner(String base) {
        return Cmd.isInterpreterName(base) || CODE_RUNNERS.contains(base);
    }

    /**
     * The configuration files an ssh-family command loads with {@code -F}, in every getopt spelling
     * ({@code -F c}, {@code -Fc}, {@code -vF c}), and those named in the ssh command line of rsync's
     * {@code -e}/{@code --rsh} or mosh's {@code --ssh} ({@code rsync -e 'ssh -F c'}): each file's
     * ProxyCommand, LocalCommand and Match exec lines run here ({@link LoadedCode}).
     */
    static List<String> configFiles(Cmd c) {
        String letters = VALUE_LETTERS.get(c.getName());
        if (letters == null) {
            return List.of();
        }
        List<String> files = new java.util.ArrayList<>();
        for (OptionWord w : OptionWord.read(c.getArgs(), letters, LONG_VALUE_OPTIONS)) {
            if (w.isOperand() || w.value() == null) {
                continue;
            }
            String value = PathFacts.unquote(w.value());
            if (w.option().equals("-F") && !c.nameIs("rsync")) {
                files.add(value);
            } else if (c.nameIs("rsync") && (w.option().equals("-e") || w.option().equals("--rsh"))
                    || c.nameIs("mosh") && w.option().equals("--ssh")) {
                files.addAll(remoteShellConfigs(value));
            }
        }
        return files;
    }

    /** Folders only root writes, whose ssh configurations are the system's ({@code /etc/ssh/ssh_config}). */
    private static final String SYSTEM_CONFIG_FOLDERS = "/(etc|usr|nix/store)/.*";

    /**
     * True when a configuration file given with {@code -F} (also inside rsync's {@code -e} and
     * mosh's {@code --ssh}, {@link #configFiles}) lies where anyone may have planted it: a temporary
     * or downloads folder ({@link GitPrograms#isUntrustedFolder}: {@code /tmp/cfg}, {@code /dev/shm/c},
     * {@code ~/Downloads/c}), or anywhere outside the home, the project and the system folders, or
     * where the path is only known at run time ({@code "$CFG"}, a relative name after
     * {@code cd "$D"}). WHY: the file's ProxyCommand, LocalCommand, KnownHostsCommand and
     * {@code Match exec} lines run here, so loading another user's file runs their commands; the
     * own ones ({@code ~/.ssh/alt}, {@code ./ssh_config}) are the user's. Standard input, a process
     * substitution and {@code none} are left to the text readers ({@code SshConfigFile}, SW4002).
     */
    static boolean loadsPlantableConfig(Cmd c, Ctx ctx) {
        for (String f : configFiles(c)) {
            if (f.isEmpty() || f.equals("none") || f.startsWith("<(") || ProgramSource.STDIN_FILES.contains(f) || f.startsWith("/dev/fd/")) {
                continue;
            }
            for (String dir : c.dirs(ctx)) {
                boolean relative = !f.startsWith("/") && !f.startsWith("~");
                if (dir.equals(WorkingDirs.UNKNOWN) && relative) {
                    return true;
                }
                String abs = PathFacts.normalize(PathFacts.resolve(f, dir, ctx.home()));
                boolean own = PathFacts.isInside(abs, ctx.project()) || ctx.home() != null && !ctx.home().isEmpty() && PathFacts.isInside(abs, ctx.home())
                        || Regex.matches(abs, SYSTEM_CONFIG_FOLDERS);
                if (abs.indexOf('$') >= 0 || abs.indexOf('`') >= 0 || !own || GitPrograms.isUntrustedFolder(abs, ctx.home())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A {@code -F FILE} inside a remote-shell command line, clustered or not ({@code ssh -vF c}). */
    private static final java.util.regex.Pattern REMOTE_SHELL_CONFIG = java.util.regex.Pattern.compile("(?:^|\\s)-[a-zA-Z]*F\\s*(\\S+)");

    /**
     * The {@code -F} files of a remote-shell command line ({@code rsync -e 'ssh -F c'}, mosh's
     * {@code --ssh}, the {@code RSYNC_RSH} variable's value: {@link ProgramHooks}).
     */
    static List<String> remoteShellConfigs(String commandLine) {
        List<String> out = new java.util.ArrayList<>();
        java.util.regex.Matcher m = REMOTE_SHELL_CONFIG.matcher(commandLine);
        while (m.find()) {
            out.add(PathFacts.unquote(m.group(1)));
        }
        return out;
    }

    /** A remote shell for rsync that is shell syntax or a shell told to run a command ({@code bash -c id}). */
    private static final String SHELL_REMOTE_SHELL = "(?s).*([;&|`$]|\\b(ba|da|z|k)?sh\\s+-c).*";

    /** True when {@code c} runs a local program through one of its options (see the type). */
    static boolean runsProgram(Cmd c) {
        String letters = VALUE_LETTERS.get(c.getName());
        if (letters == null) {
            // another tool given rsync's spelling (the rule reads only the ssh family)
            return c.getArgs().stream().anyMatch(a -> a.startsWith("--rsh=") && Regex.matches(PathFacts.unquote(a.substring(6)), SHELL_REMOTE_SHELL));
        }
        for (OptionWord w : OptionWord.read(c.getArgs(), letters, LONG_VALUE_OPTIONS)) {
            if (w.isOperand() || w.value() == null) {
                continue;
            }
            if (w.option().equals("-F") && !c.nameIs("rsync") && c.isHasStdinText() && configRuns(c.getStdin())) {
                return true;
            }
            String value = PathFacts.unquote(w.value());
            String o = w.option();
            if (o.equals("-o") && runsByOption(value, c.nameIs("sshfs"))
                    || c.nameIs("rsync") && (o.equals("-e") || o.equals("--rsh")) && remoteShellRuns(value)
                    // ssh -I: a PKCS#11 library, loaded into ssh-pkcs11-helper
                    || c.named("ssh autossh") && o.equals("-I") && userLibrary(value)
                    // mosh runs its --ssh command line and its --client program here
                    || c.nameIs("mosh") && (o.equals("--ssh") && remoteShellRuns(value) || o.equals("--client") && userLibrary(value))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The programs scp or sftp is told to start: {@code -S PROGRAM} (run instead of ssh) and
     * {@code -D PROGRAM} (a local sftp server, no ssh at all), in every getopt spelling
     * ({@code -qS/tmp/x}, {@code -CS x}); empty for other tools.
     */
    static List<String> startedPrograms(Cmd c) {
        if (!c.named("scp sftp")) {
            return List.of();
        }
        return OptionWord.read(c.getArgs(), VALUE_LETTERS.get(c.getName()), Set.of()).stream()
                .filter(w -> w.is(Set.of("-S", "-D"))).map(OptionWord::value).toList();
    }

    /**
     * Option names inside a remote-shell command line that load or run a local program whatever
     * their value: {@link SshConfigFile#PROGRAM_KEYS} but ProxyCommand, whose plain {@code nc %h %p}
     * is everyday ({@link #SHELL_PROXY} reads it).
     */
    private static final String RUNNING_KEYS = "(?is).*\\b(" + String.join("|",
            SshConfigFile.PROGRAM_KEYS.stream().filter(k -> !k.equals("proxycommand")).toList()) + ")\\b.*";

    /**
     * True when a remote-shell command line (rsync's {@code -e}, mosh's {@code --ssh}) runs more than
     * ssh: shell syntax, a shell told to run a command, or an ssh option inside it that runs a
     * program ({@code -e "ssh -o LocalCommand=id -o PermitLocalCommand=yes"}, a ProxyCommand with a
     * shell). The line is read as text: a key named anywhere in it counts (fail closed).
     */
    private static boolean remoteShellRuns(String value) {
        return Regex.matches(value, SHELL_REMOTE_SHELL) || Regex.matches(value, RUNNING_KEYS)
                || Regex.matches(value, "(?is).*proxycommand.*") && shellProxy(value);
    }

    /**
     * True for a library or program path that is not the system's own: ssh loads a PKCS#11 or FIDO
     * provider ({@code -I}, {@code PKCS11Provider}, {@code SecurityKeyProvider}) into a helper it
     * starts, so a library from the project or a download runs its code here. A path below
     * {@code /usr}, {@code /lib}, {@code /opt} or the Nix store (a smart-card driver such as
     * {@code /usr/lib/x86_64-linux-gnu/opensc-pkcs11.so}), {@code internal} and {@code none} are everyday.
     */
    private static boolean userLibrary(String path) {
        String p = path.trim();
        return !p.isEmpty() && !Regex.matches(p.toLowerCase(Locale.ROOT), "none|internal")
                && (p.contains("..") || !Regex.matches(p, "/(usr|lib|lib64|opt|nix/store|Library|System)/.*"));
    }

    /**
     * True when configuration text given with {@code -F} runs a local program: one of its lines is
     * a key that runs one, read as an {@code -o} value is ({@code ProxyCommand sh -c id},
     * {@code LocalCommand id}), or a {@code Match} line with an {@code exec} criterion, which a
     * file may hold though {@code -o} may not. The text is the command's here-document: the file's
     * text as the walker read it from the command line (SshConfigFile), or, for {@code -F} naming
     * some other file, the command's own input, read too (fail closed: only adds asks).
     */
    private static boolean configRuns(String text) {
        for (String line : text.split("\n")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            if (Regex.matches(l, "(?is)match\\b.*\\bexec\\b.*") || runsByOption(l, false) || proxyRunsOtherProgram(l)) {
                return true;
            }
        }
        return false;
    }

    /** Programs a ProxyCommand runs to reach a host and nothing else (netcat's family, ssh -W, HTTP-proxy helpers). */
    private static final java.util.Set<String> PLAIN_PROXIES = Words.setOf(
            "nc ncat netcat connect connect-proxy corkscrew proxytunnel ssh cloudflared");

    /**
     * True for a configuration line {@code ProxyCommand CMD} whose program is not a plain proxy
     * ({@link #PLAIN_PROXIES}). WHY: ssh runs the value through the user's shell, so any program
     * runs ({@code ProxyCommand rm -rf ~}). Given with {@code -o}, the walker reads the value as a
     * command of its own and every rule judges it; a configuration file's lines get no such
     * reading, so here only a plain proxy passes (fail closed).
     */
    private static boolean proxyRunsOtherProgram(String line) {
        String[] kv = keyValue(line);
        if (!kv[0].equals("proxycommand") || kv[1].isEmpty()) {
            return false;
        }
        String program = kv[1].split("\\s+")[0];
        program = program.substring(program.lastIndexOf('/') + 1);
        if (program.equalsIgnoreCase("none")) {
            return false;
        }
        // a plain proxy told to run a command: netcat's -e/-c and ncat's --exec, --sh-exec, --lua-exec;
        // ssh's own LocalCommand or ProxyCommand, or shell syntax (as rsync's remote shell is read)
        return !PLAIN_PROXIES.contains(program) || remoteShellRuns(kv[1])
                || Regex.matches(program, "nc|ncat|netcat") && Regex.matches(kv[1], NETCAT_EXEC);
    }

    /** netcat's options that run a program on the connection ({@code -e PROG}, {@code -c CMD}, {@code --sh-exec CMD}). */
    private static final String NETCAT_EXEC = "(?s).*\\s(-[a-zA-Z]*[ec]|--(sh-|lua-)?exec)\\b.*";

    /**
     * One ssh option as ssh_config(5) spells it, {@code Key=Value}, {@code Key Value} or
     * {@code Key = Value}, quotes removed: the key in lower case (keys are case-insensitive) and
     * the trimmed value, empty when none.
     */
    private static String[] keyValue(String option) {
        String[] kv = option.replaceAll("[\"']", "").trim().split("\\s*=\\s*|\\s+", 2);
        return new String[] {kv[0].toLowerCase(Locale.ROOT), kv.length > 1 ? kv[1].trim() : ""};
    }

    /**
     * True when one {@code -o} value runs a local program. sshfs takes a comma-separated list
     * ({@code -o reconnect,ssh_command=…}); ssh one option whose value may hold commas.
     */
    private static boolean runsByOption(String value, boolean commaList) {
        List<String> options = commaList ? List.of(value.split(",")) : List.of(value);
        for (String option : options) {
            String[] kv = keyValue(option);
            String key = kv[0];
            String v = kv[1];
            if (key.equals("localcommand") || key.equals("knownhostscommand") || key.equals("ssh_command") || key.equals("sshcommand")
                    || key.equals("permitlocalcommand") && Regex.matches(v.toLowerCase(Locale.ROOT), "yes|true")
                    || (key.equals("pkcs11provider") || key.equals("securitykeyprovider")) && userLibrary(v)
                    || key.equals("proxycommand") && shellProxy(v)) {
                return true;
            }
        }
        return false;
    }
}
