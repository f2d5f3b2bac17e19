package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import dev.shellwarden.grammar.TempFiles;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Path reasoning shared by rules: lexical normalisation, resolution against the working directory,
 * and the classes of paths rules care about (root-like, system, temporary, block devices, secrets,
 * persistence points, agent and shell-warden configuration).
 *
 * <p>Everything here is lexical: no file system access, so the same text always gives the same
 * answer. INVARIANT: a path that cannot be resolved (dynamic, or {@code ~user}) is never reported
 * as inside the project.
 */
public final class PathFacts {

    /** One or more slashes (compiled once: normalize runs for every path of every segment). */
    private static final java.util.regex.Pattern SLASHES = java.util.regex.Pattern.compile("/+");

    /** Marker for a home directory that could not be inferred from the project directory. */
    static final String UNKNOWN_HOME = "/~home";

    private static final Set<String> SYSTEM_DIRS = Set.of(
            "/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/opt", "/proc",
            "/root", "/run", "/sbin", "/srv", "/sys", "/usr", "/var", "/home", "/Users", "/System",
            "/Library", "/Applications", "/private", "/snap", "/mnt", "/media", "/nix", "/Volumes",
            "/usr/bin", "/usr/sbin", "/usr/lib", "/usr/lib64", "/usr/local", "/usr/share", "/usr/include",
            "/usr/local/bin", "/usr/local/lib", "/var/lib", "/var/log", "/var/cache", "/var/spool",
            "/etc/ssh", "/etc/systemd", "/private/etc", "/private/var", "/System/Library");

    private static final Pattern BLOCK_DEVICE = Pattern.compile(
            "/dev/(sd[a-z]+[0-9]*|hd[a-z]+[0-9]*|vd[a-z]+[0-9]*|xvd[a-z]+[0-9]*|nvme[0-9]+(n[0-9]+(p[0-9]+)?)?"
            + "|mmcblk[0-9]+(p[0-9]+)?|r?disk[0-9]+(s[0-9]+)?|md[0-9]+|dm-[0-9]+|mapper/.+|loop[0-9]+"
            + "|nbd[0-9]+|sr[0-9]+|fd[0-9]+|root|mem|kmem|port)");

    /**
     * File names that say the file holds a private key: ssh keys ({@code id_ed25519}, also with a
     * suffix or as a glob, {@code deploy_rsa}), {@code *.key}, PKCS#12 and Java key stores, PuTTY
     * keys, and the PEM files named as keys ({@code privkey.pem}, {@code server-key.pem}); a plain
     * {@code *.pem} is mostly a certificate and is not one.
     */
    private static final String PRIVATE_KEY_NAME = "id_(rsa|dsa|ecdsa|ed25519)(_sk)?([._*?-][A-Za-z0-9_.*?-]*)?|.+_(rsa|dsa|ecdsa|ed25519)"
            + "|.*\\.(key|p12|pfx|jks|keystore|ppk)|(.*[._-])?(priv)?key\\.pem|privkey.*\\.pem";

    private static final Pattern PRIVATE_KEY_FILE = Pattern.compile(PRIVATE_KEY_NAME);

    private static final Pattern SECRET_NAME = Pattern.compile(
            "(\\.env(\\.(?!(example|sample|template|dist|defaults?)$)[A-Za-z0-9_.-]+)?"
            + "|" + PRIVATE_KEY_NAME + "|.*\\.(pem|kdbx|gpg|asc)"
            + "|\\.netrc|_netrc|\\.pgpass|\\.git-credentials|\\.npmrc|\\.pypirc|\\.vault-token"
            + "|credentials(\\.json|\\.db|\\.toml)?|secrets?\\.(ya?ml|json|toml)|\\.htpasswd|shadow|gshadow"
            + "|application_default_credentials\\.json|rclone\\.conf|logins\\.json|key[34]\\.db|Login Data|.*\\.keychain(-db)?"
            + "|master\\.key|service[-_]account.*\\.json|terraform\\.tfstate(\\.backup)?)");

    private static final Pattern PERSISTENCE = Pattern.compile(
            "(~|/~home|/root|/home/[^/]+|/Users/[^/]+)/(\\.(bashrc|bash_profile|bash_login|bash_logout|profile"
            + "|zshrc|zshenv|zprofile|zlogin|zlogout|kshrc|cshrc|tcshrc|xprofile|xinitrc|inputrc|xsessionrc|bash_aliases"
            // programs that run their start-up file as code: tmux, language REPLs, editors, build tools
            + "|tmux\\.conf|pythonrc(\\.py)?|irbrc|pryrc|Rprofile|octaverc|mavenrc|vimrc|exrc|emacs|emacs\\.d/init\\.el"
            + "|config/nvim/init\\.(lua|vim)|config/tmux/tmux\\.conf|gradle/init\\.d/.*|gradle/init\\.gradle(\\.kts)?"
            + "|cargo/config(\\.toml)?|config/environment\\.d/.*|ssh/environment"
            // files the shell sources through its frameworks and completion loaders, the folders
            // Fedora's and ZDOTDIR users' rc files read, fish's autoloaded functions (ls.fish is ls)
            + "|oh-my-zsh/custom/.*|p10k\\.zsh|config/zsh/.*|(bash|zsh)rc\\.d/.*|bash_completion(\\.d/.*)?"
            + "|local/share/bash-completion/completions/.*|config/fish/functions/.*"
            // editors' auto-loaded plugin folders, REPL and debugger start-up files, the prompt's
            // and direnv's commands, window managers' autostart lines, Mercurial's hooks
            + "|vim/(vimrc|(after/)?(plugin|ftplugin|ftdetect|autoload)/.*|pack/[^/]+/start/.*)"
            + "|config/nvim/((after/)?(plugin|ftplugin|lua)/.*)|local/share/nvim/site/pack/[^/]+/start/.*"
            + "|ipython/profile_[^/]+/(startup/.*|ipython_config\\.py)|jupyter/jupyter_[a-z_]*config\\.py"
            + "|gdbinit|lldbinit|config/gdb/gdbinit|psqlrc|sqliterc|screenrc|config/starship\\.toml"
            + "|direnvrc|config/direnv/(direnvrc|lib/.*)|julia/config/startup\\.jl|sbt/[^/]+/(.*\\.sbt|plugins/.*)"
            + "|config/(i3|sway)/config|config/hypr/hyprland\\.conf|config/(openbox|labwc)/autostart|config/plasma-workspace/env/.*"
            + "|hgrc|config/hg/hgrc"
            // the other shells' start-up files: nushell, xonsh, PowerShell on Linux and macOS;
            // KDE's login and logout scripts; the file Debian's lesspipe runs on every `less`
            + "|config/nushell/((config|env|login)\\.nu|autoload/.*)|xonshrc|config/xonsh/(rc\\.xsh|rc\\.d/.*)"
            + "|config/powershell/[^/]*profile\\.ps1|config/autostart-scripts/.*|config/plasma-workspace/shutdown/.*|lessfilter)"
            + "|\\.ssh/(authorized_keys2?|rc|config)|\\.config/fish/(config\\.fish|conf\\.d/.*)"
            + "|\\.config/autostart/.*|\\.config/systemd/user/.*|Library/LaunchAgents/.*|\\.gitconfig"
            + "|\\.config/git/config|\\.pam_environment|\\.local/share/systemd/user/.*)"
            + "|/etc/(profile|profile\\.d/.*|bash\\.bashrc|bashrc|zshrc|zsh/.*|environment|sudoers|sudoers\\.d/.*"
            + "|crontab|cron\\.[a-z]+/.*|cron\\.d|anacrontab|rc\\.local|ld\\.so\\.preload|passwd|group|shadow"
            + "|systemd/system/.*|init\\.d/.*|xdg/autostart/.*|pam\\.d/.*|security/.*|ssh/sshd_config.*)"
            + "|/var/spool/cron(/.*)?|/Library/Launch(Agents|Daemons)/.*|/usr/lib/systemd/system/.*"
            // macOS: periodic(8) runs these daily, weekly and monthly as root; StartupItems at boot
            + "|/(private/)?etc/periodic/.*|/Library/StartupItems/.*"
            + "|/lib/systemd/system/.*"
            // every user's systemd units, fish start-up and bash completions (sourced by every
            // interactive shell), the system git config, the scripts run as root at each ssh
            // login, the graphical session's start-up scripts
            + "|/(etc|usr/lib)/systemd/user/.*|/etc/fish/(config\\.fish|conf\\.d/.*)|/etc/bash_completion\\.d/.*|/etc/gitconfig"
            + "|/etc/update-motd\\.d/.*|/etc/X11/(Xsession\\.d|xinit/xinitrc\\.d)/.*|/etc/xonshrc"
            // Python runs these on every start, in the user's site and in any environment's site-packages
            // (Debian's and Ubuntu's Pythons name the folder dist-packages)
            + "|.*/(site|dist)-packages/(sitecustomize|usercustomize)\\.py|.*/(site|dist)-packages/[^/]+\\.pth");

    /**
     * Files whose loss or replacement stops the machine from running programs or booting: the
     * dynamic loader and the C library, init, the kernel and its initramfs, and the shells and
     * privilege programs every login goes through.
     */
    private static final Pattern CRITICAL_FILE = Pattern.compile(
            "/(usr/)?lib(32|64|x32)?/([a-z0-9_]+-linux-gnu[a-z]*/)?(ld-linux[^/]*|libc\\.so[^/]*|libc-[0-9.]+\\.so)"
            + "|/(usr/)?s?bin/(sudo|su|sh|bash|dash|login|init|systemd)|/sbin/init|/lib/systemd/systemd|/usr/lib/systemd/systemd"
            + "|/boot/(vmlinuz|initrd\\.img|initramfs|bzImage)[^/]*|/boot/(grub2?|efi|EFI)(/.*)?");

    /** True for a file whose loss or replacement leaves the machine unable to run programs or boot. */
    public static boolean isCriticalSystemFile(String abs) {
        return CRITICAL_FILE.matcher(normalize(abs)).matches();
    }

    private PathFacts() {
    }

    /**
     * Normalises a path lexically: collapses {@code //}, resolves {@code .} and {@code ..} (never
     * above the root) and drops a trailing slash. Relative paths stay relative.
     */
    public static String normalize(String path) {
        return dev.shellwarden.grammar.LexicalPaths.normalize(path);
    }

    /**
     * True for the file system root, everything directly under it by glob ({@code /*}), the home
     * directory in any spelling ({@code ~}, {@code ~/}, {@code $HOME}, {@code ${HOME}}) and
     * {@code ~/*}.
     */
    public static boolean isRootLike(String path) {
        String p = unquote(path);
        for (String home : new String[] {"$HOME", "${HOME}", "~"}) {
            if (p.equals(home) || p.startsWith(home + "/")) {
                String rest = normalize("/" + p.substring(home.length()));
                return rest.equals("/") || rest.equals("/*");
            }
        }
        if (!p.startsWith("/")) {
            return false;
        }
        String n = normalize(p);
        return n.equals("/") || n.equals("/*");
    }

    /**
     * The home directory implied by a project directory ({@code /home/dev/project} gives
     * {@code /home/dev}), or a marker that is outside every project when it cannot be inferred.
     */
    public static String homeOf(String projectDir) {
        String[] parts = normalize(projectDir).split("/");
        if (parts.length >= 3 && (parts[1].equals("home") || parts[1].equals("Users"))) {
            return "/" + parts[1] + "/" + parts[2];
        }
        if (parts.length >= 2 && parts[1].equals("root")) {
            return "/root";
        }
        return UNKNOWN_HOME;
    }

    /**
     * Resolves a path as the shell would see it from {@code cwd}: {@code ~}, {@code $HOME} and
     * {@code ${HOME}} become {@code home}, relative paths are joined to {@code cwd}; the result is
     * normalised. A relative path with an empty {@code cwd} stays relative.
     */
    public static String resolve(String path, String cwd, String home) {
        String p = knownExpansions(unquote(path), cwd, home);
        for (String h : new String[] {"$HOME", "${HOME}", "~"}) {
            if (p.equals(h) || p.startsWith(h + "/")) {
                return normalize(home + "/" + p.substring(h.length()));
            }
        }
        if (p.startsWith("~")) {
            return normalize(UNKNOWN_HOME + "/" + p);
        }
        if (p.startsWith("/") || cwd.isEmpty()) {
            return normalize(p);
        }
        return normalize(cwd + "/" + p);
    }

    /** Words naming the working or previous directory itself ({@code ~+}, {@code ~-}, {@code ~+N}, {@code $PWD}): unknown after an unknown cd. */
    private static final Pattern WORKING_DIR_WORD = Pattern.compile("^(~[-+][0-9]*|\\$\\{?PWD\\b)");

    /**
     * {@link #resolve} from {@code dir}, which may be {@link WorkingDirs#UNKNOWN}: there an absolute,
     * home or variable path names the same file from anywhere and is resolved as written
     * ({@code cd "$X" && rm -rf /home/dev/project/.git/objects}); a relative path, {@code ~+},
     * {@code ~-} or {@code $PWD} may be any file and gives null (the caller fails closed or
     * leaves it to the rules for unknown folders).
     */
    public static String resolveFromAny(String path, String dir, String home) {
        if (!dir.equals(WorkingDirs.UNKNOWN)) {
            return resolve(path, dir, home);
        }
        String p = unquote(path);
        if (!isAnchored(p) || WORKING_DIR_WORD.matcher(p).find()) {
            return null;
        }
        return resolve(path, "", home);
    }

    /**
     * The absolute path {@code path} names where the command runs, or null when its text does not
     * tell: a relative path (or {@code $PWD}) with an unknown working directory, a
     * {@code ~name} form {@link #knownExpansions} does not know, or any other expansion left.
     * Unlike {@link #resolve}, which keeps what it cannot resolve as written for the path rules
     * to judge, this never guesses: callers that map one path onto another (a container's bind
     * mounts) must not map an unknown.
     */
    public static String resolveKnown(String path, String cwd, String home) {
        String dir = cwd == null ? "" : cwd;
        String p = knownExpansions(unquote(path), dir, home);
        for (String h : new String[] {"$HOME", "${HOME}", "~"}) {
            if (p.equals(h) || p.startsWith(h + "/")) {
                p = home + p.substring(h.length());
                break;
            }
        }
        if (p.contains("$") || p.contains("`") || p.startsWith("~")) {
            return null;
        }
        if (!p.startsWith("/")) {
            if (dir.isEmpty()) {
                return null;
            }
            p = dir + "/" + p;
        }
        return normalize(p);
    }

    /** {@code ${VAR%PAT}}, {@code ${VAR%%PAT}}, {@code ${VAR#PAT}}, {@code ${VAR##PAT}} or plain {@code $VAR}/{@code ${VAR}} of HOME or PWD. */
    private static final Pattern KNOWN_VARIABLE = Pattern.compile("^\\$(?:(HOME|PWD)\\b|\\{(HOME|PWD)(?:(%%?|##?)([^}$`]*))?\\})");

    /** {@code /proc/PID/root} for any process (a number, {@code thread-self}, {@code $$}, {@code $BASHPID}). */
    private static final Pattern PROC_ROOT = Pattern.compile("^/proc/(?:[0-9]+|thread-self|\\$\\$|\\$\\{?BASHPID\\}?)/root(?=/|$)");

    /** {@code path} as a folder: with one trailing slash ({@code build} is {@code build/}). */
    public static String asFolder(String path) {
        return path.endsWith("/") ? path : path + "/";
    }

    /**
     * True for a path that reads the same wherever the command runs: absolute, below the home
     * ({@code ~}) or below a variable ({@code $HOME}, {@code $TMPDIR}).
     */
    public static boolean isAnchored(String plain) {
        return plain.startsWith("/") || plain.startsWith("~") || plain.startsWith("$");
    }

    /** {@code file} read below the folder {@code dir} (empty: where the command runs); an anchored name stays as written. */
    public static String below(String file, String dir) {
        String plain = unquote(file);
        return dir.isEmpty() || isAnchored(plain) ? file : asFolder(dir) + plain;
    }

    /** A leading {@code $(pwd)}, {@code $(pwd -L)} or {@code `pwd`}, up to a slash or the end. */
    private static final Pattern PWD_SUBSTITUTION = Pattern.compile("^(?:\\$\\(\\s*pwd(?:\\s+-[LP])?\\s*\\)|`\\s*pwd(?:\\s+-[LP])?\\s*`)(?=/|$)");

    /**
     * {@code path} with a leading {@code $(pwd)} or {@code `pwd`} read as {@code dir}, the folder the
     * command runs in; otherwise unchanged. Only for matching one step's file with another's, where
     * a match makes a verdict stricter: the general reading keeps the substitution opaque (a {@code
     * pwd} function defined earlier in the text could print anything).
     */
    public static String withPwdSubstituted(String path, String dir) {
        String plain = unquote(path);
        java.util.regex.Matcher m = PWD_SUBSTITUTION.matcher(plain);
        return m.find() && dir != null && !dir.isEmpty() ? dir + plain.substring(m.end()) : path;
    }

    /** A user's home by name: {@code ~root}, {@code ~dev} (not {@code ~+}, {@code ~-}, which are directories of this shell). */
    private static final Pattern USER_TILDE = Pattern.compile("^~([A-Za-z_][A-Za-z0-9_.-]*)(?=/|$)");

    /**
     * The spellings whose value is known where the command runs: {@code $PWD} and {@code ~+} (the
     * working directory), {@code ${PWD%/*}} and {@code ${HOME%/*}} (their parents, and the other
     * prefix and suffix removals), {@code ~NAME} (that user's home, {@code /root} for root),
     * {@code /proc/self/cwd} and {@code /proc/self/root}, and a date stamp ({@code $(date +%F)},
     * rendered as a sample of its numeric output by {@link DateStamps}). Anything else comes back unchanged.
     */
    static String knownExpansions(String path, String cwd, String home) {
        String p = DateStamps.render(path);
        String dir = cwd == null ? "" : cwd;
        if (p.startsWith("/proc/self/cwd") && !dir.isEmpty() && (p.length() == 14 || p.charAt(14) == '/')) {
            return dir + p.substring(14);
        }
        if (p.startsWith("/proc/self/root") && (p.length() == 15 || p.charAt(15) == '/')) {
            return p.length() == 15 ? "/" : p.substring(15);
        }
        // any process's root is (all but always) the same root: /proc/1/root, /proc/$$/root, /proc/thread-self/root
        java.util.regex.Matcher proc = PROC_ROOT.matcher(p);
        if (proc.find()) {
            return p.length() == proc.end() ? "/" : p.substring(proc.end());
        }
        if ((p.equals("~+") || p.startsWith("~+/")) && !dir.isEmpty()) {
            return dir + p.substring(2);
        }
        java.util.regex.Matcher u = USER_TILDE.matcher(p);
        if (u.find()) {
            String user = u.group(1);
            String homes = home.startsWith("/Users/") ? "/Users/" : "/home/";
            return (user.equals("root") ? "/root" : homes + user) + p.substring(u.end());
        }
        java.util.regex.Matcher m = KNOWN_VARIABLE.matcher(p);
        if (!m.find()) {
            return p;
        }
        String var = m.group(1) != null ? m.group(1) : m.group(2);
        String value = var.equals("PWD") ? dir : home;
        if (value.isEmpty() || value.equals(UNKNOWN_HOME) || !value.startsWith("/")) {
            return p;
        }
        String op = m.group(3);
        if (op != null) {
            value = removeAffix(value, op, m.group(4));
            if (value == null) {
                return p;
            }
        }
        return value + p.substring(m.end());
    }

    /** Bash's {@code %}/{@code %%} (suffix) and {@code #}/{@code ##} (prefix) removal with a glob of {@code *} and {@code ?}. */
    private static String removeAffix(String value, String op, String glob) {
        StringBuilder re = new StringBuilder();
        for (char c : glob.toCharArray()) {
            re.append(c == '*' ? ".*" : c == '?' ? "." : Pattern.quote(String.valueOf(c)));
        }
        Pattern g = Pattern.compile(re.toString(), Pattern.DOTALL);
        return dev.shellwarden.grammar.ParameterOperators.removeAffix(value, g, op.startsWith("#"), op.length() == 2);
    }

    /** Top-level names a glob in a delete target may reach (no /tmp: its contents are scratch). */
    private static final java.util.List<String> GLOB_UNIVERSE = SYSTEM_DIRS.stream().sorted().toList();

    /**
     * True when an absolute glob can match the root's or a home's entries wholesale, or a system
     * directory: {@code /e*c} and {@code /???} match {@code /etc}, {@code /[a-z]*} everything at
     * the top, {@code /home/*} every home, {@code ~/.[!.]*} every hidden file of the home.
     */
    public static boolean isProtectedGlob(String path, String home) {
        String p = unquote(path);
        if (!isGlob(p)) {
            return false;
        }
        String inHome = homeRelative(p);
        if (inHome != null) {
            p = (home.startsWith("/") ? home : "/home/user") + inHome;
        }
        if (!p.startsWith("/")) {
            return false;
        }
        String n = normalize(p);
        int slash = n.lastIndexOf('/');
        String parent = slash <= 0 ? "/" : n.substring(0, slash);
        String last = n.substring(slash + 1);
        // a component of wildcards and dots only matches (nearly) everything in its directory
        boolean broad = !last.isEmpty() && Regex.matches(last, "[*?.!\\[\\]^-]+|\\.?\\[[^\\]]*\\][*?]*|\\[[a-zA-Z0-9-]*\\][*?]*");
        if (broad && (parent.equals("/") || parent.equals("/home") || parent.equals("/Users") || isSystemDir(parent)
                || Regex.matches(parent, "/(home|Users)/[^/*?\\[]+") || parent.equals("/root"))) {
            return true;
        }
        Pattern g = globRegex(n);
        for (String dir : GLOB_UNIVERSE) {
            if (g.matcher(dir).matches()) {
                return true;
            }
        }
        return false;
    }

    static boolean isGlob(String p) {
        return p.indexOf('*') >= 0 || p.indexOf('?') >= 0 || p.indexOf('[') >= 0;
    }

    /** The rest of a path that starts in the home ({@code ~/x}, {@code $HOME/x}, {@code ${HOME}/x} give {@code /x}), else null. */
    private static String homeRelative(String p) {
        for (String h : new String[] {"$HOME", "${HOME}", "~"}) {
            if (p.startsWith(h + "/")) {
                return p.substring(h.length());
            }
        }
        return null;
    }

    /**
     * Protected files and folders a glob in a write or delete target is matched against: login and
     * rc files, ssh keys and authorized_keys, the agents' settings, critical system files. Home
     * entries are in the {@code ~} form (targets are collected before the home is known), the
     * agents' project settings are relative: they sit in any folder.
     * INVARIANT: each is protected by its family's predicate here (isPersistence,
     * isCriticalSystemFile, isSelfProtected, isCredentialStore, or an ssh/gpg key folder;
     * PathFactsTest checks), so a
     * glob that matches one is judged like that file. Single names the agents keep in a project
     * folder ({@code opencode.json}, {@code .mcp.json}) are left out: {@code rm -f *.json} and
     * {@code rm -rf .*} clear a folder, which the scope rules judge, rather than aim at a setting.
     */
    static final java.util.List<String> GLOB_PROTECTED_FILES = java.util.List.of(
            "~/.bashrc", "~/.bash_profile", "~/.bash_login", "~/.bash_logout", "~/.bash_aliases", "~/.profile",
            "~/.zshrc", "~/.zshenv", "~/.zprofile", "~/.zlogin", "~/.zlogout", "~/.kshrc", "~/.cshrc", "~/.tcshrc",
            "~/.xprofile", "~/.xinitrc", "~/.xsessionrc", "~/.inputrc", "~/.tmux.conf", "~/.vimrc", "~/.gitconfig",
            "~/.pam_environment", "~/.config/fish/config.fish", "~/.config/git/config",
            "~/.ssh", "~/.ssh/authorized_keys", "~/.ssh/authorized_keys2", "~/.ssh/rc", "~/.ssh/config",
            "~/.ssh/environment", "~/.ssh/id_rsa", "~/.ssh/id_ed25519", "~/.ssh/id_ecdsa", "~/.ssh/id_dsa", "~/.gnupg",
            // credential stores, so that a glob reading them is seen (`cat ~/.aws/*`)
            "~/.aws/credentials", "~/.netrc", "~/.git-credentials", "~/.pgpass", "~/.vault-token", "~/.docker/config.json",
            "~/.kube/config", "~/.config/gh/hosts.yml", "/etc/gshadow",
            "~/.claude", "~/.claude.json", "~/.claude/settings.json", "~/.config/opencode/opencode.json",
            "~/.codex/config.toml", "~/.gemini/settings.json",
            "/etc/passwd", "/etc/shadow", "/etc/group", "/etc/sudoers", "/etc/crontab", "/etc/profile",
            "/etc/bash.bashrc", "/etc/bashrc", "/etc/zshrc", "/etc/environment", "/etc/rc.local", "/etc/ld.so.preload",
            "/etc/anacrontab", "/etc/ssh/sshd_config",
            "/bin/sh", "/bin/bash", "/bin/dash", "/bin/su", "/bin/login", "/usr/bin/sh", "/usr/bin/bash", "/usr/bin/sudo",
            "/usr/bin/su", "/usr/bin/login", "/sbin/init", "/usr/sbin/init", "/lib/systemd/systemd",
            "/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1", "/lib/x86_64-linux-gnu/libc.so.6",
            "/usr/lib/x86_64-linux-gnu/libc.so.6", "/boot/vmlinuz", "/boot/initrd.img", "/boot/grub",
            ".claude/settings.json", ".claude/settings.local.json", ".claude/hooks",
            ".gemini/settings.json", ".codex/config.toml", ".cursor/hooks.json",
            ".cursor/mcp.json", ".vscode/mcp.json", ".roo/mcp.json", ".kilocode/mcp.json", ".amazonq/mcp.json",
            ".kiro/settings/mcp.json", ".continue/config.json", ".continue/config.yaml", ".continue/mcpServers",
            ".zed/settings.json", "~/.codeium/windsurf/mcp_config.json", "~/.config/zed/settings.json");

    /**
     * The agents' project settings (relative, as they sit in the folder an archive is unpacked in)
     * that an archive member pattern can match: tar's {@code --wildcards} and unzip's patterns let
     * {@code *} and {@code ?} match a {@code /} and a leading dot ({@code '*mcp.json'} is
     * {@code .vscode/mcp.json}). Empty for a member without a pattern character.
     */
    public static java.util.List<String> archivePatternMatches(String member) {
        String m = unquote(member);
        if (m.indexOf('*') < 0 && m.indexOf('?') < 0 && m.indexOf('[') < 0) {
            return java.util.List.of();
        }
        String re = "(\\./)?" + globToRegex(m, true);
        java.util.List<String> out = new java.util.ArrayList<>();
        java.util.List<String> names = new java.util.ArrayList<>(java.util.List.of(".mcp.json", ".claude.json", "opencode.json",
                "opencode.jsonc", ".aider.conf.yml", ".claude/settings.json"));
        for (String f : GLOB_PROTECTED_FILES) {
            if (!f.startsWith("/") && !f.startsWith("~")) {
                names.add(f);
            }
        }
        try {
            java.util.regex.Pattern p = java.util.regex.Pattern.compile(re);
            for (String f : names) {
                if (p.matcher(f).matches()) {
                    out.add(f);
                }
            }
        } catch (RuntimeException e) {
            out.add(".claude/settings.json"); // an unreadable pattern may match anything
        }
        return out;
    }

    /**
     * The protected files (see {@link #GLOB_PROTECTED_FILES}) that a glob can match, spelled the
     * way the glob is anchored: {@code /et[c]/passwd} gives {@code /etc/passwd}, {@code ~/.bash[r]c}
     * and {@code $HOME/.b*rc} give {@code ~/.bashrc}, {@code .claude/setting?.json} gives
     * {@code .claude/settings.json}. Bash's rules apply per name: {@code *}, {@code ?} and
     * {@code [..]}/{@code [!..]} never cross a {@code /}, and a leading dot must be written
     * ({@code *.json} in a folder matches no {@code .claude.json}). Empty for a word without a glob
     * or a relative glob that would reach the home only through the working directory.
     */
    public static java.util.List<String> protectedGlobMatches(String path) {
        return protectedGlobMatches(path, false);
    }

    /**
     * {@link #protectedGlobMatches(String)} with PowerShell's wildcards when {@code powerShell}:
     * {@code *}, {@code ?} and {@code [..]} match a leading dot too ({@code ~\*\id_rsa} is
     * {@code ~/.ssh/id_rsa}) and letter case is ignored (about_Wildcards). WHY no -Force/-Hidden
     * reading: a wildcard path names dot items whether or not they are hidden, Windows does not
     * hide {@code .ssh}, and a listing of folders ({@code Get-ChildItem ~ -Directory}) that the
     * grammar writes as {@code ~\*} cannot tell which it skipped: a dot folder is reached (fail closed).
     */
    public static java.util.List<String> protectedGlobMatches(String path, boolean powerShell) {
        // PowerShell has no extended globs: `~`, `(`, `^` and `#` are plain letters (`CLAUDE~1`, an 8.3 name)
        String p = powerShell ? unquote(path) : extendedGlobNames(unquote(path));
        if (!isGlob(p)) {
            return java.util.List.of();
        }
        String inHome = homeRelative(p);
        String written = inHome != null ? "~" + inHome : p;
        // `**` (bash globstar, zsh) also matches no folder at all: `~/.ssh/**/*` names ~/.ssh/id_rsa
        java.util.List<String> globs = written.contains("/**/") ? java.util.List.of(written, written.replace("/**/", "/"))
                : java.util.List.of(written);
        java.util.List<String> out = new java.util.ArrayList<>();
        for (String glob : globs) {
            for (String file : GLOB_PROTECTED_FILES) {
                String candidate = file.startsWith("~") || file.startsWith("/") ? file : sameFolder(glob, file);
                if (candidate != null && globMatches(glob, candidate, powerShell) && !out.contains(candidate)) {
                    out.add(candidate);
                }
            }
        }
        return out;
    }

    /** A name written in an extended glob syntax: bash's extglob groups, zsh's alternation, negation, exclusion, qualifiers. */
    private static final Pattern EXTENDED_GLOB_NAME = Pattern.compile("(?s).*[?*+@!]\\(.*|.*\\(.*[|)].*|\\^.+|.+~.*|.*#.*");

    /**
     * {@code path} with every name written in an extended glob syntax read as {@code *} (a written
     * leading dot kept): bash's {@code !(known_hosts)}, {@code @(id_rsa|x)}, {@code +(i)d_rsa}
     * (shopt -s extglob), zsh's {@code (id_rsa|x)}, {@code ^known_hosts}, {@code id*~*.pub},
     * {@code *(.)} (setopt extendedglob). WHY any name: what such a name matches is more than this
     * reading spells out, and reading it as everything in its folder can only find more (fail closed).
     */
    private static String extendedGlobNames(String path) {
        if (path.indexOf('(') < 0 && path.indexOf('^') < 0 && path.indexOf('#') < 0 && path.indexOf('~', 1) < 0) {
            return path;
        }
        String[] names = path.split("/", -1);
        for (int i = 0; i < names.length; i++) {
            if (!(i == 0 && names[i].equals("~")) && EXTENDED_GLOB_NAME.matcher(names[i]).matches()) {
                names[i] = names[i].startsWith(".") ? ".*" : "*";
            }
        }
        return String.join("/", names);
    }

    /** {@code relative} put in the folder the glob's last names are in ({@code a/*}{@code /x} and {@code b/c} give {@code a/b/c}); null when the glob is shorter. */
    private static String sameFolder(String glob, String relative) {
        String[] g = glob.split("/", -1);
        int names = relative.split("/").length;
        if (g.length < names) {
            return null;
        }
        String folder = String.join("/", java.util.Arrays.copyOf(g, g.length - names));
        return folder.isEmpty() && g.length == names ? relative : folder + "/" + relative;
    }

    /**
     * Pathname matching of a whole path, name by name: bash's (a leading dot only by a written dot,
     * letter case kept), or PowerShell's ({@code powerShell}: any name, letter case ignored).
     */
    static boolean globMatches(String glob, String path, boolean powerShell) {
        String[] g = glob.split("/", -1);
        String[] n = path.split("/", -1);
        if (g.length != n.length) {
            return false;
        }
        for (int i = 0; i < g.length; i++) {
            if (!powerShell && n[i].startsWith(".") && !g[i].startsWith(".")
                    || !(powerShell ? Pattern.compile(globRegex(g[i]).pattern(), Pattern.CASE_INSENSITIVE) : globRegex(g[i]))
                            .matcher(n[i]).matches()) {
                return false;
            }
        }
        return true;
    }

    static Pattern globRegex(String glob) {
        try {
            return Pattern.compile(globToRegex(glob, false));
        } catch (java.util.regex.PatternSyntaxException e) {
            return Pattern.compile(".*"); // an unreadable class: assume it can match anything
        }
    }

    /**
     * A glob as a regular expression: {@code *}, {@code ?} and {@code [..]}/{@code [!..]}; with
     * {@code crossesSlash} false they match within one name as bash's pathname expansion does,
     * with true across {@code /} as archive member patterns do ({@code tar --wildcards}, unzip).
     */
    private static String globToRegex(String glob, boolean crossesSlash) {
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*') {
                re.append(crossesSlash ? ".*" : "[^/]*");
            } else if (c == '?') {
                re.append(crossesSlash ? "." : "[^/]");
            } else if (c == '[') {
                int end = glob.indexOf(']', i + 2);
                if (end < 0) {
                    re.append("\\[");
                } else {
                    String set = glob.substring(i + 1, end);
                    if (set.startsWith("!")) {
                        set = "^" + set.substring(1);
                    }
                    re.append('[').append(set.replace("\\", "\\\\")).append(']');
                    i = end;
                }
            } else {
                re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return re.toString();
    }

    /** True when absolute path {@code p} is {@code dir} or below it. */
    public static boolean isInside(String p, String dir) {
        if (dir.isEmpty() || !p.startsWith("/")) {
            return false;
        }
        String d = normalize(dir);
        return p.equals(d) || p.startsWith(d.equals("/") ? "/" : d + "/");
    }

    /**
     * Build files their tool executes when it builds, tests or installs the project, or that name
     * the code, compilers or toolchains it fetches ({@code go.mod}'s replace and toolchain lines,
     * MSBuild's Directory.Build files, CMake presets' cache variables).
     */
    private static final Set<String> BUILD_MANIFESTS = lowerCase(Set.of("package.json", "setup.py",
            "setup.cfg", "pyproject.toml", "Vagrantfile", "Makefile", "makefile", "GNUmakefile", "Rakefile",
            "Gemfile", "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "pom.xml", "CMakeLists.txt",
            "CMakePresets.json", "CMakeUserPresets.json", "Cargo.toml", "build.rs", ".npmrc", ".yarnrc", ".yarnrc.yml",
            "pnpm-workspace.yaml", "composer.json", "Taskfile.yml", "Taskfile.yaml", "Taskfile.dist.yml", "justfile", "Justfile",
            ".justfile", "PKGBUILD", "makepkg.conf", "conftest.py", "tox.ini", "noxfile.py", "go.mod", "go.work",
            "Directory.Build.props", "Directory.Build.targets", "Directory.Build.rsp", "Directory.Packages.props", "nuget.config",
            "BUILD.bazel", "WORKSPACE.bazel", "MODULE.bazel", ".bazelrc", "meson.build", "build.zig", "Earthfile", "Podfile",
            ".rspec", ".rspec-local", "sitecustomize.py", "usercustomize.py",
            // files their tools evaluate as code or read commands from: Ruby DSLs (Brewfile, Fastfile,
            // Dangerfile), sbt, mix, Tilt, Snakemake, dvc, devbox, nix, hatch; checker configs
            // that load plugins or run hooks (.pylintrc's init-hook, mypy's plugins); mocha's and
            // babel's configs that name files to require
            "Brewfile", "Fastfile", "Dangerfile", "build.sbt", "mix.exs", "Tiltfile", "Snakefile",
            "dvc.yaml", "devbox.json", "shell.nix", "default.nix", "flake.nix", "hatch.toml", ".pylintrc", "pylintrc",
            "mypy.ini", ".mypy.ini", ".mocharc.yml", ".mocharc.yaml", ".mocharc.json", ".mocharc.jsonc", ".babelrc",
            ".babelrc.json",
            "deno.json", "deno.jsonc", ".pre-commit-config.yaml",
            // package managers' own code configs, loaded on every run (WrittenFiles.packageManagerLoads)
            ".pnpmfile.cjs", ".pnpmfile.mjs", "bunfig.toml", ".bunfig.toml"));

    private static Set<String> lowerCase(Set<String> names) {
        return names.stream().map(n -> n.toLowerCase(Locale.ROOT)).collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    /**
     * True when file name {@code base} is a build file its tool executes ({@code package.json}, {@code Makefile}…),
     * in any letter case: on a case-insensitive file system (macOS, Windows) {@code MAKEFILE} is the Makefile.
     */
    public static boolean isBuildManifest(String base) {
        String lower = base.toLowerCase(Locale.ROOT);
        // Terraform reads every *.tf of the folder: an external data source's program runs at plan
        return BUILD_MANIFESTS.contains(lower) || lower.endsWith(".tf") && lower.length() > 3;
    }

    /**
     * Build tools' local settings that name programs or agents to start, known by folder and
     * name since the names alone are generic: cargo's {@code .cargo/config.toml} (rustc-wrapper,
     * runner, linker), Maven's {@code .mvn/jvm.config} (-javaagent), {@code .mvn/maven.config} and
     * {@code .mvn/extensions.xml} (build extensions), {@code gradle.properties} (the daemon's JVM options),
     * {@code rust-toolchain.toml} (a toolchain path) and the wrappers' distribution URLs.
     */
    public static boolean isBuildToolSettings(String path) {
        return BUILD_TOOL_SETTINGS.matcher(path).matches();
    }

    private static final Pattern BUILD_TOOL_SETTINGS = Pattern.compile(
            "(?i)(.*/)?(\\.cargo/config(\\.toml)?|\\.mvn/(jvm\\.config|maven\\.config|extensions\\.xml)"
            // the toolchain cargo runs (path = a folder of programs), Gradle's JVM options (as .mvn/jvm.config),
            // the distributions the wrappers download and run
            + "|rust-toolchain(\\.toml)?|gradle\\.properties|gradle/wrapper/gradle-wrapper\\.properties|\\.mvn/wrapper/maven-wrapper\\.properties)");

    /*
     * Project folders and files whose content runs without the user running the project: editors
     * run tasks and extensions from .vscode/.idea, direnv runs .envrc on cd, git runs hooks, CI runs
     * workflows on push, containers start from devcontainer files, build tools take programs and
     * downloads from their local settings (.cargo/config.toml's rustc-wrapper, the Gradle wrapper's
     * distributionUrl, .yarnrc's yarnPath), debuggers and editors read local init files; and the
     * files agents read as instructions ({@link #AGENT_INSTRUCTIONS}, matched on their own), where a
     * planted line steers the next session.
     */
    private static final Pattern PROJECT_AUTOMATION = Pattern.compile(
            "(.*/)?\\.(git|github|gitlab|gitea|forgejo|woodpecker|circleci|buildkite|semaphore|husky|githooks|lefthook|hg|jj"
            + "|vscode|idea|fleet|zed|devcontainer|direnv|mise"
            + "|claude|opencode|codex|gemini|cursor|windsurf|clinerules|roo|continue|aider[^/]*|kiro|junie|amazonq|augment|trae|qwen|kilocode"
            // build tools' local settings, which name programs to run or versions to download; a
            // virtual environment's scripts and .pth files run with every python started in it
            + "|cargo|mvn|yarn|bundle|pip|venv)(/.*)?"
            + "|(.*/)?gradle/wrapper/.*|buildSrc(/.*)?|(.*/)?node_modules/\\.bin/.*|(.*/)?\\.config/mise(/.*)?"
            + "|(.*/)?(gradlew|mvnw|gradle\\.properties|\\.?bunfig\\.toml|deno\\.jsonc?|rust-toolchain(\\.toml)?"
            + "|pip\\.conf|\\.?pytest\\.ini|\\.pnpmfile\\.cjs|Procfile|\\.gdbinit|\\.lldbinit|\\.exrc|\\.nvimrc|\\.nvim\\.lua|\\.vimrc|\\.pdbrc)"
            + "|(.*/)?(\\.envrc[^/]*|\\.env\\.sh|\\.gitlab-ci\\.ya?ml|\\.pre-commit-config\\.ya?ml|\\.gitmodules|\\.gitattributes|\\.lfsconfig"
            + "|\\.mcp\\.json|\\.tool-versions|\\.?mise(\\.[^/]*)?\\.toml"
            + "|\\.?lefthook(-local)?\\.(ya?ml|json|toml)|\\.overcommit\\.ya?ml|\\.huskyrc[^/]*|\\.simple-git-hooks\\.(c?js|json)"
            + "|\\.lintstagedrc[^/]*|lint-staged\\.config\\.[cm]?js"
            + "|opencode\\.jsonc?|Dockerfile|(docker-)?compose\\.ya?ml"
            + "|\\.devcontainer\\.json|[^/]*\\.code-workspace|[^/]*\\.mk|[^/]*\\.gradle(\\.kts)?|[^/]*\\.(cs|fs|vb)proj|[^/]*\\.pth"
            + "|Jenkinsfile|azure-pipelines\\.ya?ml|bitbucket-pipelines\\.yml|\\.travis\\.yml|\\.woodpecker\\.ya?ml|\\.drone\\.ya?ml"
            + "|\\.?appveyor\\.ya?ml|\\.cirrus\\.ya?ml|flake\\.nix|shell\\.nix|default\\.nix)",
            Pattern.CASE_INSENSITIVE);

    /**
     * The files agents read as instructions at the start of a session: CLAUDE.md, AGENTS.md,
     * GEMINI.md and their kin, the rules files of Cursor, Windsurf, Cline, Roo, Continue, Kiro,
     * Junie and Amazon Q, Copilot's instructions and prompts, Claude Code's commands, agents and
     * skills. A line planted there steers the next session (SW8016); all are project automation.
     */
    private static final Pattern AGENT_INSTRUCTIONS = Pattern.compile(
            "(.*/)?(CLAUDE(\\.local)?\\.md|AGENTS?\\.md|GEMINI\\.md|QWEN\\.md|CRUSH\\.md|\\.cursorrules|\\.windsurfrules|\\.rules|\\.goosehints"
            + "|\\.clinerules(/.*)?|\\.github/(copilot-instructions\\.md|instructions/.*|prompts/.*)|\\.cursor/rules/.*|\\.windsurf/rules/.*"
            + "|\\.roo/rules[^/]*/.*|\\.continue/rules/.*|\\.kiro/steering/.*|\\.junie/guidelines\\.md|\\.amazonq/rules/.*"
            + "|\\.claude/(commands|agents|skills)/.*)",
            Pattern.CASE_INSENSITIVE);

    /** True when {@code path} is a file agents read as instructions ({@link #AGENT_INSTRUCTIONS}). */
    public static boolean isAgentInstructions(String path) {
        return AGENT_INSTRUCTIONS.matcher(path.startsWith("./") ? path.substring(2) : path).matches();
    }

    /**
     * One name for each entry of {@link #BUILD_MANIFESTS} and {@link #PROJECT_AUTOMATION}, path
     * component by path component: what a glob or brace expansion in a project path is tried
     * against ({@link #mayBeProjectAutomation}). INVARIANT: each is automation on its own or a
     * folder of an automation path (gradle/wrapper, node_modules/.bin, .config/mise).
     */
    private static final java.util.List<String> AUTOMATION_SAMPLES = java.util.stream.Stream.concat(BUILD_MANIFESTS.stream(),
            java.util.stream.Stream.of(".git", ".github", ".gitlab", ".gitea", ".forgejo", ".woodpecker", ".circleci", ".buildkite",
                    ".semaphore", ".husky", ".githooks", ".lefthook", ".hg", ".jj", ".vscode", ".idea", ".fleet", ".zed", ".devcontainer",
                    ".direnv", ".mise", ".claude", ".opencode", ".codex", ".gemini", ".cursor", ".windsurf", ".clinerules", ".roo",
                    ".continue", ".aider.conf.yml", ".kiro", ".junie", ".amazonq", ".augment", ".trae", ".qwen", ".kilocode", ".cargo",
                    ".mvn", ".yarn", ".bundle", ".pip", ".venv", "gradle", "wrapper", "buildSrc", "node_modules", ".bin", ".config",
                    "mise", "gradlew", "mvnw", "gradle.properties", "bunfig.toml", "deno.json", "rust-toolchain", "pip.conf",
                    "pytest.ini", ".pnpmfile.cjs", "Procfile", ".gdbinit", ".lldbinit", ".exrc", ".nvimrc", ".nvim.lua", ".vimrc",
                    ".pdbrc", ".envrc", ".env.sh", ".gitlab-ci.yml", ".pre-commit-config.yaml", ".gitmodules", ".gitattributes",
                    ".lfsconfig", ".mcp.json", ".cursorrules", ".windsurfrules", ".rules", ".goosehints", ".tool-versions", "mise.toml",
                    "lefthook.yml", ".overcommit.yml", ".huskyrc", ".lintstagedrc", "CLAUDE.md", "AGENTS.md", "AGENT.md", "GEMINI.md",
                    "QWEN.md", "CRUSH.md", "opencode.json", "Dockerfile", "compose.yml", "docker-compose.yml", ".devcontainer.json",
                    "x.code-workspace", "x.mk", "x.gradle", "x.gradle.kts", "x.csproj", "x.pth", "Jenkinsfile", "azure-pipelines.yml",
                    "bitbucket-pipelines.yml", ".travis.yml", ".woodpecker.yml", ".drone.yml", "appveyor.yml", ".cirrus.yml",
                    "flake.nix", "shell.nix", "default.nix")).toList();

    /**
     * True when {@code relative}, a path relative to the project directory, is a build file
     * ({@link #isBuildManifest}) or a file or folder whose content runs or instructs an agent
     * without the user starting it: editor and CI configuration, git's folder and hooks, direnv,
     * devcontainers and the agents' instruction and settings files. HARD mode asks before the
     * shell changes them, whatever they contain.
     */
    public static boolean isProjectAutomation(String relative) {
        String p = relative.startsWith("./") ? relative.substring(2) : relative;
        return isBuildManifest(p.substring(p.lastIndexOf('/') + 1)) || PROJECT_AUTOMATION.matcher(p).matches()
                || AGENT_INSTRUCTIONS.matcher(p).matches();
    }

    /** Most spellings a glob or brace path is expanded to before judging: beyond it, assume the worst. */
    private static final int MAX_SPELLINGS = 4096;

    /**
     * True when {@code relative} is project automation ({@link #isProjectAutomation}) or may name
     * it once the shell expands it: a brace alternative ({@code .{git,x}/hooks/pre-commit}) or a
     * glob component that matches the name of an automation file or folder ({@code .gi?},
     * {@code .[g]ithub}, {@code CLAUDE.m?}, {@code *.mk}). Letter case is ignored. A glob matches
     * a name that starts with a dot only with a dot of its own ({@code *.sh} is no .env.sh), as
     * bash and zsh match by default, unless {@code dotsMatch} (dotglob, PowerShell).
     * INVARIANT (fail closed): a path with more spellings than {@link #MAX_SPELLINGS} is automation.
     */
    public static boolean mayBeProjectAutomation(String relative, boolean dotsMatch) {
        java.util.List<String> spellings = braceAlternatives(relative);
        if (spellings.size() > MAX_SPELLINGS) {
            return true;
        }
        for (String spelling : spellings) {
            for (String path : globSpellings(spelling, dotsMatch)) {
                if (path == null || isProjectAutomation(path)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** An innermost brace group with a comma: {@code {a,b}}. */
    private static final Pattern BRACE_GROUP = Pattern.compile("\\{([^{}]*,[^{}]*)\\}");

    /** The words a brace expansion gives ({@code a{b,c}d} is abd and acd), innermost group first; past the cap, one more. */
    private static java.util.List<String> braceAlternatives(String text) {
        java.util.List<String> out = new java.util.ArrayList<>();
        Deque<String> todo = new ArrayDeque<>(java.util.List.of(text));
        while (!todo.isEmpty() && out.size() <= MAX_SPELLINGS) {
            String t = todo.pop();
            java.util.regex.Matcher m = BRACE_GROUP.matcher(t);
            if (!m.find()) {
                out.add(t);
                continue;
            }
            for (String alt : m.group(1).split(",", -1)) {
                todo.push(t.substring(0, m.start()) + alt + t.substring(m.end()));
            }
        }
        if (!todo.isEmpty()) {
            out.add(null);
        }
        return out;
    }

    /**
     * The paths a glob path is judged as: each component with a glob character replaced by every
     * automation name it matches ({@link #AUTOMATION_SAMPLES}), or kept when it matches none.
     * Contains null when there would be more than {@link #MAX_SPELLINGS}.
     */
    private static java.util.List<String> globSpellings(String path, boolean dotsMatch) {
        if (path == null) {
            return java.util.Collections.singletonList(null);
        }
        java.util.List<String> out = new java.util.ArrayList<>(java.util.List.of(""));
        for (String component : path.split("/", -1)) {
            java.util.List<String> names = new java.util.ArrayList<>();
            if (isGlob(component)) {
                Pattern g = Pattern.compile(globRegex(component).pattern(), Pattern.CASE_INSENSITIVE);
                boolean dot = dotsMatch || component.startsWith(".");
                AUTOMATION_SAMPLES.stream().filter(n -> (dot || !n.startsWith(".")) && g.matcher(n).matches()).forEach(names::add);
            }
            if (names.isEmpty()) {
                names.add(component);
            }
            java.util.List<String> next = new java.util.ArrayList<>();
            for (String prefix : out) {
                for (String n : names) {
                    next.add(prefix.isEmpty() ? n : prefix + "/" + n);
                }
            }
            if (next.size() > MAX_SPELLINGS) {
                return java.util.Collections.singletonList(null);
            }
            out = next;
        }
        return out;
    }

    /** True for temporary directories and what is below them. */
    public static boolean isTemp(String abs) {
        return TempFiles.isTempDir(abs) || abs.startsWith("$TMPDIR") || abs.startsWith("${TMPDIR")
                // Windows' per-user temporary folder ($env:TEMP), below the profile
                || Regex.matches(abs, "/(home|Users)/[^/]+/AppData/Local/Temp/.+");
    }

    /** Windows folders a wildcard must not reach, lower case, in the POSIX form of {@link #fromWindows}. */
    private static final java.util.List<String> WINDOWS_PROTECTED = java.util.List.of("/windows", "/users", "/program files",
            "/program files (x86)", "/programdata", "/windows/system32", "/users/public");

    /**
     * True when a PowerShell path with wildcards (POSIX form) can match a Windows system folder, the
     * Users folder or a profile, ignoring case as NTFS does ({@code C:\W*s}, {@code C:\?sers},
     * {@code C:\Program*}), or is a broad glob at the top of one.
     */
    public static boolean isWindowsProtectedGlob(String posix) {
        String p = posix.toLowerCase(Locale.ROOT);
        if (p.indexOf('*') < 0 && p.indexOf('?') < 0 && p.indexOf('[') < 0) {
            return false;
        }
        Pattern g = globRegex(normalize(p));
        for (String dir : WINDOWS_PROTECTED) {
            if (g.matcher(dir).matches()) {
                return true;
            }
        }
        return Regex.matches(p, "/users/[^/]*[*?\\[][^/]*/?");
    }

    /** True for the harmless device sinks and sources ({@code /dev/null}, {@code /dev/stdout}…). */
    public static boolean isHarmlessDevice(String abs) {
        return switch (abs) {
            case "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/tty", "/dev/zero",
                    "/dev/random", "/dev/urandom", "/dev/fd/1", "/dev/fd/2" -> true;
            default -> abs.startsWith("/dev/fd/") || abs.startsWith("/dev/pts/");
        };
    }

    /**
     * True for a system directory itself or its direct glob ({@code /etc}, {@code /usr/*},
     * {@code /usr/lib}); deeper paths are ordinary files outside the project. Windows' system
     * folders count in every spelling ({@link #isWindowsSystemLocation}): a POSIX tool's path.
     */
    public static boolean isSystemDir(String path) {
        return isSystemDir(path, true);
    }

    /**
     * {@link #isSystemDir}, with the drive mounts of POSIX shells on Windows ({@code /c/},
     * {@code /mnt/c/}) read only when {@code driveMounts}: a PowerShell or cmd.exe path in the
     * POSIX form of {@link #fromWindows} is no mount ({@code Move-Item /Y} names {@code \Y} on the
     * current drive, and cmd's {@code /Y} is a switch).
     */
    public static boolean isSystemDir(String path, boolean driveMounts) {
        String p = unquote(path);
        if (isWindowsSystemLocation(p, driveMounts)) {
            return true;
        }
        if (!p.startsWith("/")) {
            return false;
        }
        String n = normalize(p);
        if (n.endsWith("/*")) {
            n = n.substring(0, n.length() - 2);
        }
        // the POSIX form fromWindows and posixOperand give a Windows folder (`C:/Windows` is `/Windows`)
        return n.isEmpty() || n.equals("/") || SYSTEM_DIRS.contains(n) || Regex.matches(n, "/(home|Users)/[^/]+")
                || isWindowsSystemDir(n);
    }

    /**
     * Variables that name a Windows folder as Git Bash, MSYS2 and Cygwin see them (Windows'
     * environment passed through, any letter case: an unset lower-case spelling is no safer), and
     * the folder in the POSIX form of {@link #fromWindows}; {@code ~} is the user profile.
     * PowerShell's and cmd.exe's spellings ({@code $env:SystemRoot}, {@code %WINDIR%}) are
     * {@link #fromWindows}'s own.
     */
    private static final java.util.Map<String, String> WINDOWS_VARIABLES = java.util.Map.of(
            "systemroot", "/Windows", "windir", "/Windows", "programfiles", "/Program Files",
            "programw6432", "/Program Files", "programdata", "/ProgramData", "allusersprofile", "/ProgramData",
            "systemdrive", "/", "homedrive", "/", "userprofile", "~");

    /** A POSIX shell's spelling of a Windows variable, then the rest: {@code $SYSTEMROOT/x}, {@code ${WINDIR}}. */
    private static final Pattern WINDOWS_VARIABLE = Pattern.compile("(?s)\\$(?:([A-Za-z0-9]+)|\\{([A-Za-z0-9]+)\\})(.*)");

    /** The drive mounts of MSYS2/Git Bash ({@code /c/}), WSL ({@code /mnt/c/}) and Cygwin ({@code /cygdrive/c/}). */
    private static final Pattern DRIVE_MOUNT = Pattern.compile("(?s)/(?:mnt/|cygdrive/)?[A-Za-z](/.*)?");

    /**
     * The place a word names on a Windows drive, in the POSIX form of {@link #fromWindows}
     * ({@code /} the drive root, {@code /Windows/System32}, {@code ~} the user profile), whatever
     * the spelling: {@code C:\Windows}, {@code C:/Windows}, {@code c:\\windows}, Git Bash's
     * {@code /c/Windows}, WSL's {@code /mnt/c/Windows}, Cygwin's {@code /cygdrive/c/Windows}, the
     * variables {@code %SystemRoot%}, {@code $env:SystemRoot}, {@code $SYSTEMROOT}, {@code $WINDIR},
     * {@code $USERPROFILE}; null for any other word. A one-letter folder at the root of a Linux
     * machine ({@code /c}) is read as the drive too: no system has one, and the reading only makes
     * the rules stricter.
     */
    public static String windowsDrivePath(String word) {
        return windowsDrivePath(word, true);
    }

    /** {@link #windowsDrivePath}, the drive mounts ({@code /c/}, {@code /mnt/c/}) read only when {@code driveMounts}. */
    public static String windowsDrivePath(String word, boolean driveMounts) {
        String p = unquote(word);
        if (p.isEmpty()) {
            return null;
        }
        String lower = p.toLowerCase(Locale.ROOT);
        if (lower.startsWith("%") || lower.startsWith("$env:") || lower.startsWith("${env:") || lower.startsWith("$($env:")
                || Regex.matches(p, "(?s)[A-Za-z]:([\\\\/].*)?") || Regex.matches(p, "(?s)[\\\\/]{2}[?.][\\\\/][A-Za-z]:.*")) {
            String w = fromWindows(p);
            // a variable fromWindows does not know stays as written: no Windows place
            return w.startsWith("/") || w.equals("~") || w.startsWith("~/") ? windowsForm(w) : null;
        }
        java.util.regex.Matcher v = WINDOWS_VARIABLE.matcher(p);
        if (v.matches()) {
            String folder = WINDOWS_VARIABLES.get((v.group(1) != null ? v.group(1) : v.group(2)).toLowerCase(Locale.ROOT));
            String rest = v.group(3).replace('\\', '/');
            return folder == null || !rest.isEmpty() && !rest.startsWith("/") ? null : windowsForm(folder + rest);
        }
        if (!driveMounts || !p.startsWith("/")) {
            return null;
        }
        String n = normalize(p);
        if (!DRIVE_MOUNT.matcher(n).matches()) {
            return null;
        }
        String drive = n.startsWith("/mnt/") ? n.substring(6) : n.startsWith("/cygdrive/") ? n.substring(11) : n.substring(2);
        return windowsForm(drive.isEmpty() ? "/" : drive);
    }

    /** {@code w} normalised, {@code ~} kept at its head. */
    private static String windowsForm(String w) {
        if (w.equals("~") || w.startsWith("~/")) {
            String rest = normalize("/" + w.substring(1));
            return rest.equals("/") ? "~" : "~" + rest;
        }
        return normalize("/" + w);
    }

    /**
     * True when a word names, in any of the spellings of {@link #windowsDrivePath}, a drive root,
     * the Windows folder or what is directly in it, Program Files (x86 too), ProgramData, the
     * Users folder, a user profile, or everything at the top of one of them ({@code C:\*}).
     */
    public static boolean isWindowsSystemLocation(String word) {
        return isWindowsSystemLocation(word, true);
    }

    /** {@link #isWindowsSystemLocation}, the drive mounts read only when {@code driveMounts}. */
    public static boolean isWindowsSystemLocation(String word, boolean driveMounts) {
        String w = windowsDrivePath(word, driveMounts);
        if (w == null) {
            return false;
        }
        if (w.endsWith("/*")) {
            w = w.length() == 2 ? "/" : w.substring(0, w.length() - 2);
        }
        return w.equals("/") || w.equals("~") || isWindowsSystemDir(w);
    }

    /** True for a whole-disk or partition device node, or raw memory. */
    public static boolean isBlockDevice(String path) {
        String p = normalize(unquote(path));
        return BLOCK_DEVICE.matcher(p).matches()
                || p.toLowerCase(Locale.ROOT).startsWith("\\\\.\\physicaldrive");
    }

    /** Directories that hold nothing but credentials. */
    private static final Set<String> SECRET_DIRS = Set.of(".ssh", ".aws", ".gnupg", ".kube", ".azure", ".docker", ".password-store");

    /**
     * Tools' folders under {@code ~/.config} whose copy carries a login: gcloud's credential
     * databases, gh's {@code hosts.yml} token ({@code scp -r ~/.config/gh host:} ships the token).
     */
    private static final Set<String> CONFIG_SECRET_DIRS = Set.of("gcloud", "gh");

    /**
     * True when some name of the path (or path pattern: {@code *}/.docker/*) is one of the folders that
     * hold nothing but credentials ({@link #SECRET_DIRS}), wherever it lies.
     */
    public static boolean namesSecretDir(String path) {
        for (String part : unquote(path).replace('\\', '/').split("/")) {
            if (SECRET_DIRS.contains(part)) {
                return true;
            }
        }
        return false;
    }

    /**
     * More credential files, matched anywhere in the path: shell and database histories (they
     * hold tokens typed on command lines), CLI and tool token files, mounted service secrets,
     * wallets, agents' own credentials, VPN and Wi-Fi configurations, and project secrets
     * ({@code .envrc}, {@code .dev.vars}, {@code *.tfvars}).
     */
    private static final Pattern SECRET_PATH = Pattern.compile(
            "(^|/)\\.(bash|zsh|psql|mysql|sqlite|python|node_repl|irb|rediscli)_history$|(^|/)\\.histfile$"
            + "|(^|/)\\.my\\.cnf$|\\.terraform\\.d/credentials|\\.config/op(/|$)|\\.kaggle/kaggle\\.json|huggingface/token"
            + "|(^|/)\\.envrc$|(^|/)\\.dev\\.vars$|\\.tfvars$|\\.tfvars\\.json$|/etc/ssh/ssh_host_[a-z0-9]+_key$"
            + "|/var/run/secrets/|^/run/secrets/|solana/id\\.json|\\.ethereum/keystore|\\.claude/\\.credentials|\\.codex/auth\\.json"
            + "|github-copilot/|(^|/)\\.s3cfg$|(^|/)\\.boto$|\\.m2/settings(-security)?\\.xml|\\.gradle/gradle\\.properties"
            + "|composer/auth\\.json|sops/age/keys\\.txt|\\.ansible/vault_pass|vault[-_]pass(word)?(\\.txt)?$|ngrok/ngrok\\.yml"
            + "|glab-cli/config\\.yml|/etc/wireguard/|NetworkManager/system-connections|filezilla/(sitemanager|recentservers)\\.xml"
            + "|(?i:firefox|mozilla).*/(cookies\\.sqlite|logins\\.json|key4\\.db)|Slack/Cookies|\\.git-credentials|git/credentials"
            // Windows' password hashes: the hives and the domain database, live or in a shadow copy
            // (`\\?\GLOBALROOT\Device\HarddiskVolumeShadowCopy1\Windows\System32\config\SAM`)
            + "|(?i:system32/config/(sam|security|system)$|(^|/)ntds\\.dit$)"
            + "|\\.config/gh/|\\.vault-token|\\.pgpass|\\.netrc"
            // more histories, and the token files of hosting, cloud, data and package CLIs
            + "|fish/fish_history$|atuin/(key|history\\.db)$|(^|/)\\.(lesshst|viminfo)$"
            + "|(^|/)\\.(terraformrc|databrickscfg|ovh\\.conf|sentryclirc|wakatime\\.cfg)$|doctl/config\\.ya?ml|\\.fly/config\\.yml"
            + "|heroku/config\\.json|netlify/config\\.json|vercel[^/]*/auth\\.json|stripe/config\\.toml|configstore/firebase-tools\\.json"
            + "|\\.supabase/access-token|wrangler/config/|\\.snowsql/config|\\.dbt/profiles\\.yml|\\.twilio-cli/config\\.json"
            + "|NuGet/NuGet\\.Config|\\.ivy2/\\.credentials|(^|/)\\.?pip/pip\\.conf$|jfrog/jfrog-cli\\.conf|containers/auth\\.json"
            + "|\\.talos/config|\\.mc/config\\.json|\\.oci/config|\\.aliyun/config\\.json|linode-cli$|hcloud/cli\\.toml"
            + "|\\.bluemix/config\\.json|tea/config\\.yml|jira/\\.config\\.yml|buildkite/config\\.json"
            + "|(^~|^/home/[^/]+|^/Users/[^/]+|^/root)/\\.(yarnrc(\\.yml)?|bunfig\\.toml|circleci/cli\\.yml|travis/config\\.yml)$"
            + "|/etc/kubernetes/[^/]+\\.conf$|/etc/rancher/k3s/k3s\\.yaml$|/var/lib/kubelet/pki/"
            // coding agents' and editors' own logins, API keys and the MCP server lists that carry them
            + "|opencode/auth\\.json|oauth_creds\\.json|(^|/)\\.aider\\.conf\\.ya?ml$|(^|/)api[_-]?keys?(\\.(txt|json))?$"
            + "|globalStorage/state\\.vscdb|(^~|^/home/[^/]+|^/Users/[^/]+|^/root)/\\.(cursor|codeium/windsurf)/mcp(_config)?\\.json$"
            // wallets, password managers and desktop key rings, messengers' keys, whole browser profiles
            + "|wallet\\.dat$|\\.electrum/wallets|(?i:exodus)\\.wallet|(^|/)\\.age/|Bitwarden/data\\.json|gnome-keyring/|kwalletd/|\\.kwl$"
            + "|Signal/config\\.json|(?i:discord)[^/]*/Local Storage|(^|/)\\.mozilla(/firefox)?$"
            + "|\\.config/(google-chrome|chromium|BraveSoftware|microsoft-edge)(/|$)"
            // macOS private stores: Messages, Safari's history and cookies, Mail
            + "|Library/(Messages/chat\\.db|Safari/History\\.db|Cookies/Cookies\\.binarycookies|Mail(/|$))");

    /**
     * An NTFS alternate data stream, FILE:STREAM ({@code C:\x\file.txt:evil.exe}, a redirection's
     * {@code C:/x/file.txt:evil.exe}, {@code payload.exe:ads}, {@code notes:run.ps1}): a Windows
     * path, a program or script file, or a stream named like one, so that host:path and
     * module:object words of other tools ({@code example.com:file}, {@code import.path:app}) are
     * none. The mark of the web
     * ({@code :Zone.Identifier}) is not counted.
     */
    private static final java.util.regex.Pattern ALTERNATE_STREAM = java.util.regex.Pattern.compile(
            "(?i)((([A-Za-z]:)?[^:*?\"<>|\\s@]*\\\\|[A-Za-z]:/[^:*?\"<>|\\s@]*)[^:*?\"<>|\\s\\\\/@]+:(?!Zone\\.Identifier)[^:*?\"<>|\\s\\\\/]*[A-Za-z][^:*?\"<>|\\s\\\\/]*(:\\$DATA)?|[^:*?\"<>|\\s\\\\/@]+\\.(exe|dll|bat|cmd|ps1|psm1|vbs|vbe|js|jse|wsf|hta|sct|scr|cpl|msi|cab|reg|inf|txt|xsl):(?!Zone\\.Identifier)[^:*?\"<>|\\s\\\\/]*[A-Za-z][^:*?\"<>|\\s\\\\/]*(:\\$DATA)?|[^:*?\"<>|\\s\\\\/@]+:[^:*?\"<>|\\s\\\\/]+\\.(exe|dll|bat|cmd|ps1|psm1|vbs|vbe|js|jse|wsf|hta|sct|scr|cpl|msi|cab|reg|inf|txt|xsl))");

    /** A leading {@code /X:} switch of a Windows program ({@code /D:}). */
    private static final java.util.regex.Pattern SWITCH_PREFIX = java.util.regex.Pattern.compile("^/[A-Za-z]+:");

    /** A trailing {@code ,Entry} (an archive or export entry after the file). */
    private static final java.util.regex.Pattern ENTRY = java.util.regex.Pattern.compile(",.*$");

    /** True when {@code word} (quotes, a {@code /X:} switch and a {@code ,Entry} removed) names an alternate data stream. */
    public static boolean isAlternateStream(String word) {
        // asked of every word of every command: every spelling above holds a colon, and the steps
        // below only remove text, so a word without one is no stream (and skips three regexes)
        if (word.indexOf(':') < 0) {
            return false;
        }
        // compiled once: String.replaceFirst compiles its regex at every call, per word of every check
        String w = ENTRY.matcher(SWITCH_PREFIX.matcher(unquote(word)).replaceFirst("")).replaceFirst("");
        return ALTERNATE_STREAM.matcher(unquote(w)).matches();
    }

    /** True when the file name or location says the file holds credentials. */
    public static boolean isSecret(String path) {
        // Windows spellings (`~\.ssh\id_rsa`, `C:\Users\me\.aws\credentials`): a backslash in a
        // literal word is a separator there, and reading one as such can only find more secrets
        String p = unquote(path).replace('\\', '/');
        // `rsync -a ~/.ssh/ host:`: a trailing slash names the folder's contents, the same secrets
        while (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        int slash = p.lastIndexOf('/');
        String base = slash >= 0 ? p.substring(slash + 1) : p;
        if (base.isEmpty() || base.endsWith(".pub") || base.equals("known_hosts")) {
            return false;
        }
        // every file in ~/.ssh but the public ones is a key or names where keys work
        // (`~/.ssh/work_ed25519`, `~/.ssh/*`); socat's `FILE:path,rdonly` and curl's `@path;type=…`
        // decorations are not part of the name
        if (p.contains(".ssh/") && !Set.of("config", "authorized_keys", "authorized_keys2", "known_hosts.old").contains(base)
                || SECRET_PATH.matcher(p).find()) {
            return true;
        }
        if (SECRET_NAME.matcher(base).matches()) {
            return true;
        }
        // the credential directories themselves (`tar czf - ~/.ssh`, `rsync ~/.aws host:`); a set
        // lookup on the last name, since this runs for every word of every command
        if (SECRET_DIRS.contains(base) || CONFIG_SECRET_DIRS.contains(base) && (p.equals(".config/" + base) || p.endsWith("/.config/" + base))
                || base.equals("gcloud") && p.endsWith("AppData/Roaming/gcloud")) {
            return true;
        }
        return p.contains(".ssh/id_") || p.contains(".aws/") || p.contains(".config/gcloud/") || p.contains("AppData/Roaming/gcloud/")
                || p.contains("AppData/Roaming/GitHub CLI/hosts.y")
                || p.contains(".kube/config") || p.contains(".gnupg/") || p.contains(".docker/config.json")
                || p.contains(".azure/") || p.contains("/etc/ssl/private")
                // token files of CLIs and the browsers' password and cookie stores
                || p.contains(".config/gh/hosts.yml") || p.contains(".cargo/credentials") || p.contains(".config/hub")
                || base.equals("Cookies") && Regex.matches(p, "(?i).*(chrome|chromium|edge|brave|opera|vivaldi).*")
                // the login cookies of desktop apps built on Electron (Slack, Teams, Discord…)
                || base.equals("Cookies") && (p.contains(".config/") || p.contains("Library/Application Support/"))
                || p.contains(".local/share/keyrings") || base.equals("environ") && Regex.matches(p, "/proc/[^/]+/environ");
    }

    /**
     * True when the path's last name says it is a private key ({@link #PRIVATE_KEY_NAME}:
     * {@code server.key}, {@code *.p12}, {@code id_ed25519*}, {@code privkey.pem}), wherever it
     * lies; public halves ({@code .pub}) are not. Whether reading it is everyday (a project's test
     * fixture) is the caller's question.
     */
    public static boolean isPrivateKeyName(String path) {
        String p = unquote(path);
        String base = p.substring(p.lastIndexOf('/') + 1);
        return !base.endsWith(".pub") && PRIVATE_KEY_FILE.matcher(base).matches();
    }

    /**
     * True for private keys and system or cloud credential stores ({@code ~/.ssh/id_*} but not
     * {@code .pub}, {@code /etc/shadow}, {@code ~/.aws/credentials}, {@code ~/.netrc}…); project
     * {@code .env} files are secrets too but not stores, see {@link #isSecret}.
     */
    public static boolean isCredentialStore(String path) {
        String p = unquote(path);
        if (p.endsWith(".pub") || !containsAny(p, CREDENTIAL_STORE_WORDS)) {
            return false;
        }
        return Regex.matches(p, "(.*/)?\\.ssh/id_[a-z0-9_]+") || Regex.matches(p, "/etc/g?shadow-?") || Regex.matches(p, ".*\\.aws/credentials")
                // (gcloud and gh keep them under %APPDATA% on Windows: AppData/Roaming/gcloud, AppData/Roaming/GitHub CLI)
                || Regex.matches(p, ".*(\\.config|AppData/Roaming)/gcloud/.*(credentials|\\.json|\\.db)") || Regex.matches(p, ".*/\\.(netrc|git-credentials|pgpass|vault-token)")
                || Regex.matches(p, ".*\\.docker/config\\.json") || Regex.matches(p, ".*\\.kube/config") || Regex.matches(p, ".*\\.gnupg/private-keys.*")
                || Regex.matches(p, "/etc/ssl/private/.*") || Regex.matches(p, "/etc/ssh/ssh_host_[a-z0-9]+_key")
                || Regex.matches(p, ".*(\\.config/gh|AppData/Roaming/GitHub CLI)/hosts\\.ya?ml|.*\\.cargo/credentials(\\.toml)?|(~|.*/(home|Users)/[^/]+|/root)/\\.(pypirc|npmrc)")
                || Regex.matches(p, ".*/(Login Data|logins\\.json|key[34]\\.db|[^/]*\\.keychain(-db)?)|.*\\.local/share/keyrings/.*")
                || Regex.matches(p, "(?i).*(chrome|chromium|edge|brave|opera|vivaldi).*/Cookies")
                // coding agents' logins and hosting CLIs' tokens, wallets, desktop key rings
                || Regex.matches(p, ".*/(opencode|\\.codex|vercel[^/]*)/auth\\.json|.*\\.claude/\\.credentials\\.json|.*oauth_creds\\.json")
                || Regex.matches(p, ".*\\.supabase/access-token|.*doctl/config\\.ya?ml|.*\\.fly/config\\.yml|.*wrangler/config/.*")
                || Regex.matches(p, ".*(wallet\\.dat|\\.electrum/wallets/.*)|.*/(gnome-keyring|kwalletd)/.*")
                // macOS: the Messages history, Safari's history and cookies, the Mail store
                || Regex.matches(p, ".*Library/(Messages/chat\\.db|Safari/History\\.db|Cookies/Cookies\\.binarycookies|Mail(/.*)?)");
    }

    /** A home directory as a path names it: {@code ~}, {@code $HOME}, {@code /home/NAME}, {@code /Users/NAME}, {@code /root}. */
    private static final String HOME_FOLDER = "~|\\$HOME|\\$\\{HOME\\}|/home/[^/]+|/Users/[^/]+|/root";

    /**
     * True for a credential folder in a home directory ({@code ~/.ssh}, {@code $HOME/.aws/},
     * {@code /root/.gnupg}, {@code ~/.config/gcloud}): a recursive read of it reads every key and
     * token inside.
     */
    public static boolean isCredentialFolder(String path) {
        String p = unquote(path).replaceAll("/+$", "");
        int slash = p.lastIndexOf('/');
        String base = p.substring(slash + 1);
        String parent = slash < 0 ? "" : p.substring(0, slash);
        return SECRET_DIRS.contains(base) && Regex.matches(parent, HOME_FOLDER)
                || base.equals("gcloud") && Regex.matches(parent, "(" + HOME_FOLDER + ")/(\\.config|AppData/Roaming)");
    }

    /**
     * True for a folder that holds a home directory's credential folders: the home itself
     * ({@code ~}, {@code $HOME}, {@code /home/dev}, {@code /root}), its {@code .config} and
     * {@code .local/share} (gh's hosts.yml, gcloud's tokens, key rings), the folders of all homes
     * and the root. A recursive read of one ({@code grep -r password ~/.config}, {@code rg token ~})
     * reads the keys and tokens inside with everything else.
     */
    public static boolean holdsCredentialFolders(String path) {
        String p = unquote(path).replaceAll("/+\\.?$", "");
        return p.isEmpty() && unquote(path).startsWith("/") || p.equals("/home") || p.equals("/Users")
                || Regex.matches(p, "(" + HOME_FOLDER + ")(/\\.config|/\\.local|/\\.local/share)?");
    }

    /*
     * Literal gates in front of the pattern lists below: a path that contains none of a list's
     * words cannot match any of its patterns, so most paths (README.md, src/…) skip the regexes.
     * INVARIANT: every pattern of the guarded list contains one of the words literally; a pattern
     * added there needs its word added here (PathFactsTest checks each pattern's examples).
     */
    private static final String[] CREDENTIAL_STORE_WORDS = {
        "ssh", "shadow", "credentials", "gcloud", "netrc", "pgpass", "vault-token", "docker", "kube", "gnupg",
        "/etc/ssl/private/", "gh/hosts", "GitHub CLI/hosts", "pypirc", "npmrc", "Login Data", "logins.json", "key3.db", "key4.db", "keychain",
        "keyrings", "Cookies", "auth.json", ".credentials.json", "oauth_creds", "access-token", "doctl", ".fly/", "wrangler",
        "wallet", "keyring", "kwalletd", "Library/",
    };
    /** A fast filter for {@link #isSelfProtected}: every protected path contains one of these. */
    private static final String[] SELF_PROTECTED_WORDS = {".claude", "opencode", ".codex", ".gemini", ".cursor", "mcp", ".continue", ".aider.conf",
        ".vscode", ".roo", ".kilocode", ".amazonq", ".kiro", ".codeium", "zed", ".copilot", ".github/hooks", ".github/copilot",
        "github-copilot", "crush", ".factory", ".augment", "goose", ".openhands", ".qwen", "claude", "gemini-cli", "geminicli",
        ".config/amp", ".amp/"};

    private static boolean containsAny(String s, String[] words) {
        for (String w : words) {
            if (s.contains(w)) {
                return true;
            }
        }
        return false;
    }

    /** True for files that run code at login, on a schedule, with privileges or on every git action. */
    public static boolean isPersistence(String abs) {
        return PERSISTENCE.matcher(abs).matches();
    }

    /**
     * True for shell-warden's own configuration and the agents' settings and hook files: writing
     * them would switch the guard off.
     */
    public static boolean isSelfProtected(String path) {
        // `.vscode/./mcp.json` and `.vscode//mcp.json` name the same file as `.vscode/mcp.json`
        String p = unquote(path).replace('\\', '/').replaceAll("/(\\./)+", "/").replaceAll("//+", "/").replaceAll("(.)/\\.$", "$1");
        String lower = p.toLowerCase(Locale.ROOT);
        if (lower.contains("shell-warden") || lower.contains("shellwarden")) {
            return !lower.endsWith(".log");
        }
        if (!containsAny(lower, SELF_PROTECTED_WORDS)) {
            return false;
        }
        int slash = lower.lastIndexOf('/');
        String base = slash >= 0 ? lower.substring(slash + 1) : lower;
        return Regex.matches(lower, "(.*/)?\\.claude/(settings[^/]*\\.json|hooks(/.*)?)")
                // the agents' whole settings folders, and the MCP server lists the agents start programs from
                || Regex.matches(lower, "(.*/)?\\.(claude|opencode|codex|gemini|cursor)/?") || base.equals(".mcp.json")
                || base.equals(".claude.json")
                || Regex.matches(lower, "(.*/)?\\.claude(/.*)?") && base.startsWith("settings")
                || base.equals("opencode.json") || base.equals("opencode.jsonc")
                || Regex.matches(lower, "(.*/)?\\.opencode(/.*)?") || Regex.matches(lower, "(.*/)?\\.config/opencode(/.*)?")
                || Regex.matches(lower, "(.*/)?\\.codex(/.*)?") || Regex.matches(lower, "(.*/)?\\.gemini/settings\\.json")
                || Regex.matches(lower, "(.*/)?\\.cursor/(hooks|mcp|cli|cli-config)\\.json")
                // GitHub Copilot CLI: the user's folder (config, hooks, MCP servers), the repository's
                // hook files and settings (`disableAllHooks`), the machine's policy hooks
                || Regex.matches(lower, "(.*/)?\\.copilot(/.*)?") || Regex.matches(lower, "(.*/)?\\.github/hooks(/.*)?")
                || Regex.matches(lower, "(.*/)?\\.github/copilot/[^/]*\\.json") || Regex.matches(lower, "(.*/)?github-copilot/policy\\.d(/.*)?")
                || isAgentServerList(lower) || isAgentPermissionFile(lower) || isManagedOrPluginSetting(lower, base);
    }

    /**
     * Settings above and beside the user's: Claude Code's and Gemini CLI's system-wide managed
     * settings (Linux {@code /etc/claude-code/}, macOS {@code /Library/Application Support/ClaudeCode/},
     * Windows {@code ProgramData\ClaudeCode\}; {@code /etc/gemini-cli/}), which override every
     * project's; Claude Desktop's MCP server list; and the plugins and extensions the clients load
     * with their hooks and servers ({@code ~/.claude/plugins/}, {@code ~/.gemini/extensions/}),
     * which the clients' own install commands already may not add (SW8010).
     */
    private static boolean isManagedOrPluginSetting(String lower, String base) {
        return Regex.matches(lower, "(.*/)?(etc|application support|programdata)/(claude-code|claudecode|gemini-cli|geminicli)(/.*)?")
                || base.equals("claude_desktop_config.json")
                || Regex.matches(lower, "(.*/)?\\.claude/plugins(/.*)?|(.*/)?\\.gemini/extensions(/.*)?");
    }

    /**
     * The permission settings of the other coding-agent CLIs SW8011 knows (AgentLaunches): a
     * line there lets the next run of that agent run every command unasked ({@code crush.json}'s
     * {@code skip_requests}, {@code .factory/settings.json}'s autonomy, goose's {@code GOOSE_MODE},
     * Auggie's tool permissions, OpenHands' agent settings, Qwen Code's approval mode), and the
     * files that lift a client's checks without naming a permission: Gemini CLI's
     * {@code trustedFolders.json} (an untrusted folder runs with its settings and auto-approval
     * off), Amp's settings ({@code amp.dangerouslyAllowAll}, {@code amp.commands.allowlist}, the
     * user's and the workspace's) and Kiro's agent hooks ({@code .kiro/hooks/}, which run a
     * command or a prompt on file events by themselves).
     */
    private static boolean isAgentPermissionFile(String lower) {
        return Regex.matches(lower, "(.*/)?\\.gemini/trustedfolders\\.json|(.*/)?(\\.config/amp|\\.amp)/settings\\.jsonc?")
                || Regex.matches(lower, "(.*/)?\\.kiro/hooks(/.*)?")
                || Regex.matches(lower, "(.*/)?\\.?crush\\.json|(.*/)?\\.config/crush/crush\\.json")
                || Regex.matches(lower, "(.*/)?\\.factory/settings(\\.local)?\\.json|(.*/)?\\.augment/settings\\.json")
                || Regex.matches(lower, "(.*/)?\\.config/goose/(config|permission)\\.yaml|(.*/)?\\.config/goose/permissions(/.*)?")
                || Regex.matches(lower, "(.*/)?\\.openhands/(agent_settings|cli_config|mcp)\\.json|(.*/)?\\.qwen/settings\\.json");
    }

    /**
     * The MCP server lists and command settings of the other coding agents and editors: each names
     * programs the client starts on its own at the next session ({@code .vscode/mcp.json},
     * {@code .roo/mcp.json}, {@code .amazonq/mcp.json}, {@code .kiro/settings/mcp.json}, Windsurf's
     * {@code mcp_config.json}, {@code .continue/} settings and server files, and aider's
     * {@code .aider.conf.yml}, whose lint and test commands aider runs by itself).
     */
    private static boolean isAgentServerList(String lower) {
        return Regex.matches(lower, "(.*/)?\\.(vscode|roo|kilocode|amazonq|aws/amazonq|kiro/settings)/mcp\\.json")
                || Regex.matches(lower, "(.*/)?\\.codeium/windsurf/mcp_config\\.json")
                // Continue's whole folder, and the folders a server list sits in as a destination
                // (`rsync -a x/ .continue/`, `tar -xf a.tar -C .vscode`, `unzip a.zip -d .roo`): what
                // lands there is not known, the server list included
                || Regex.matches(lower, "(.*/)?\\.continue(/.*)?")
                || isServerListFolder(lower)
                // Zed's settings start its context servers; Cline keeps its server list in one named file
                || Regex.matches(lower, "(.*/)?(\\.zed|\\.config/zed)/settings\\.json") || lower.endsWith("cline_mcp_settings.json")
                || Regex.matches(lower, "(.*/)?\\.aider\\.conf\\.ya?ml");
    }

    /**
     * The editors' folders a server list sits in ({@code .vscode}, {@code .roo}, {@code .kiro/settings}…),
     * named as a whole: a destination whose contents are not known (see {@link #isSelfProtected}).
     */
    public static boolean isServerListFolder(String path) {
        String lower = unquote(path).replace('\\', '/').replaceAll("/(\\./)+", "/").replaceAll("//+", "/").toLowerCase(Locale.ROOT);
        return Regex.matches(lower, "(.*/)?\\.(vscode|roo|kilocode|amazonq|aws/amazonq|kiro|kiro/settings|codeium|codeium/windsurf|zed)/?");
    }

    /**
     * The system folders whose 8.3 short names ({@code PROGRA~1}, {@code PROGRA~2}, {@code DOCUME~1})
     * still name them on a drive with short names on; the short name's first letters are the long
     * name's without blanks, and which {@code ~N} is which is not fixed, so any match is read as the
     * first folder it can be (all of them are system folders).
     */
    private static final String[] SHORT_NAMED_FOLDERS = {"Program Files", "Program Files (x86)", "ProgramData", "Windows",
        "Users", "Documents and Settings"};
    private static final java.util.regex.Pattern SHORT_NAME = java.util.regex.Pattern.compile("(?i)(?<=^|[\\\\/:])([a-z0-9]{1,6})~[0-9]+(?=[\\\\/]|$)");

    /** {@code path} with the 8.3 short names of the system folders written long ({@code C:\PROGRA~1} is {@code C:\Program Files}). */
    static String longNames(String path) {
        if (path.indexOf('~') < 0) {
            return path;
        }
        java.util.regex.Matcher m = SHORT_NAME.matcher(path);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String prefix = m.group(1).toLowerCase(Locale.ROOT);
            String folder = m.group();
            for (String f : SHORT_NAMED_FOLDERS) {
                if (f.replaceAll("[ ()]", "").toLowerCase(Locale.ROOT).startsWith(prefix)) {
                    folder = f;
                    break;
                }
            }
            m.appendReplacement(sb, java.util.regex.Matcher.quoteReplacement(folder));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /**
     * True for a Windows drive root, a system folder or the user profile in a PowerShell or cmd.exe
     * operand ({@code C:\}, {@code C:/*}, {@code $env:USERPROFILE}, {@code %SystemRoot%}): the places
     * of {@link #isWindowsSystemLocation}, without the drive mounts (cmd's {@code /s} is a switch),
     * plus the spellings only these shells have for the profile and the current drive's root.
     */
    public static boolean isWindowsRootLike(String path) {
        String p = longNames(unquote(path)).replace('/', '\\').toLowerCase(Locale.ROOT);
        while (p.endsWith("\\*") || p.endsWith("\\") && p.length() > 3) {
            p = p.endsWith("\\*") ? p.substring(0, p.length() - 2) : p.substring(0, p.length() - 1);
        }
        return switch (p) {
            case "\\", "~", "$home", "${home}" -> true;
            // `C:` and `C:*` name the drive's current folder, unknown here: read as its root
            default -> Regex.matches(p, "[a-z]:\\\\?\\*?") || isWindowsSystemLocation(p, false);
        };
    }

    /** PowerShell spellings of the profile, the system drive and the Windows folder, and what they become. */
    private static final String[][] PS_PREFIXES = {
        // longer spellings first: `$env:HOMEDRIVE$env:HOMEPATH` is the profile, `$env:HOMEDRIVE` the drive
        {"$env:homedrive$env:homepath", "~"}, {"%homedrive%%homepath%", "~"}, {"$global:home", "~"},
        {"$env:appdata", "~/AppData/Roaming"}, {"%appdata%", "~/AppData/Roaming"},
        {"$env:localappdata", "~/AppData/Local"}, {"%localappdata%", "~/AppData/Local"},
        {"$env:temp", "~/AppData/Local/Temp"}, {"$env:tmp", "~/AppData/Local/Temp"}, {"%temp%", "~/AppData/Local/Temp"},
        {"$env:public", "/Users/Public"}, {"%public%", "/Users/Public"},
        {"${env:programfiles(x86)}", "/Program Files (x86)"}, {"$env:programfiles", "/Program Files"},
        {"$env:programw6432", "/Program Files"}, {"%programfiles%", "/Program Files"},
        {"$env:programdata", "/ProgramData"}, {"%programdata%", "/ProgramData"},
        // cmd.exe's spellings of the same folders
        {"%programfiles(x86)%", "/Program Files (x86)"}, {"%programw6432%", "/Program Files"},
        {"$env:allusersprofile", "/ProgramData"}, {"%allusersprofile%", "/ProgramData"},
        {"$env:userprofile", "~"}, {"${env:userprofile}", "~"}, {"$($env:userprofile)", "~"}, {"%userprofile%", "~"},
        {"$home", "~"}, {"${home}", "~"}, {"$($home)", "~"}, {"~", "~"},
        {"$env:systemdrive", ""}, {"$env:homedrive", ""}, {"$($env:systemdrive)", ""}, {"$($env:homedrive)", ""},
        {"${env:systemdrive}", ""}, {"${env:homedrive}", ""}, {"%systemdrive%", ""}, {"%homedrive%", ""},
        {"$env:systemroot", "/Windows"}, {"$env:windir", "/Windows"}, {"$($env:systemroot)", "/Windows"},
        {"$($env:windir)", "/Windows"}, {"${env:systemroot}", "/Windows"}, {"${env:windir}", "/Windows"},
        {"%systemroot%", "/Windows"}, {"%windir%", "/Windows"},
    };

    /**
     * True when {@code posix}, a PowerShell path in {@link #fromWindows}' form, names a file on a
     * network share ({@code \\host\share\…} became {@code //host/share/…}; this machine's admin
     * shares and device paths became drive paths there). The host may be a variable
     * ({@code \\$IpAddress\c$\…}): any host but this one.
     */
    public static boolean isSharePath(String posix) {
        String p = unquote(posix);
        return p.length() > 2 && p.startsWith("//") && p.charAt(2) != '/';
    }

    /**
     * A PowerShell or Windows path in the POSIX form the path predicates work on: backslashes
     * become slashes, a drive ({@code C:}) becomes the root, the profile ({@code $env:USERPROFILE},
     * {@code $HOME}, {@code ~}) becomes {@code ~}, the system drive the root and the Windows folder
     * {@code /Windows}. Other variables stay as written (a dynamic path). Every part is then read as
     * Windows reads it ({@link dev.shellwarden.grammar.WindowsPaths#canonical}: lower case, trailing
     * dots and blanks dropped, an unknown 8.3 short name a run-time value).
     */
    public static String fromWindows(String path) {
        String joined = dev.shellwarden.grammar.LexicalPaths.psJoinedPath(path); // (Join-Path $HOME .ssh) is $HOME\.ssh
        String p = longNames(unquote(joined != null ? joined : path));
        p = Regex.pattern("(?i)^(Microsoft\\.PowerShell\\.Core\\\\)?FileSystem::").matcher(p).replaceFirst("");
        // the unnamed data stream is the file itself: `authorized_keys::$DATA` is authorized_keys
        p = Regex.pattern("(?i)(?<=[^\\\\/:])::\\$DATA$").matcher(p).replaceFirst("");
        // device paths (\\?\C:\, \\.\C:\) and this machine's admin shares (\\localhost\c$\) are the drive itself
        p = Regex.pattern("(?i)^[\\\\/]{2}[?.][\\\\/](?=[a-z]:)").matcher(p).replaceFirst("");
        p = Regex.pattern("(?i)^[\\\\/]{2}(localhost|127\\.0\\.0\\.1|::1|\\.)[\\\\/]([a-z])\\$(?=[\\\\/]|$)").matcher(p).replaceFirst("$2:");
        String lower = p.toLowerCase(Locale.ROOT);
        for (String[] prefix : PS_PREFIXES) {
            if (lower.startsWith(prefix[0])) {
                String rest = p.substring(prefix[0].length());
                if (rest.isEmpty() || rest.startsWith("\\") || rest.startsWith("/")) {
                    p = prefix[1] + rest;
                    if (p.isEmpty()) {
                        p = "/";
                    }
                    break;
                }
            }
        }
        if (Regex.matches(p, "(?s)[A-Za-z]:([\\\\/].*)?")) {
            p = p.length() == 2 ? "/" : p.substring(2);
        } else if (Regex.matches(p, "(?s)[A-Za-z]:[^\\\\/].*")) {
            // `C:..\..`: relative to the drive's current location, the working directory here
            p = p.substring(2);
        }
        // Windows ignores case and a part's trailing dots and blanks, and a short name's long form is not known here
        return dev.shellwarden.grammar.WindowsPaths.canonical(p.replace('\\', '/'));
    }

    /**
     * PowerShell drives that hold no files, by lower-case name: the registry's (HKCU and HKLM, and
     * the HKU, HKCR and HKCC drives scripts add with New-PSDrive), the session's own stores, the
     * certificate stores and WinRM's settings. Any other drive name longer than a letter is one the
     * text or a profile made with New-PSDrive, whose root is not known here.
     */
    private static final Set<String> PS_ITEM_DRIVES = Set.of("hkcu", "hklm", "hku", "hkcr", "hkcc",
            "env", "function", "variable", "alias", "cert", "wsman");

    /** A drive name longer than one letter, then its colon, then nothing or a separator: {@code HKCU:\x}, {@code Env:}. */
    private static final Pattern PS_NAMED_DRIVE = Pattern.compile("(?s)^([A-Za-z][A-Za-z0-9_]+):([\\\\/].*)?$");

    /**
     * Where PowerShell's {@code Set-Location WORD} goes when WORD names a location on a drive that
     * holds no files, in one form: the drive, a colon, then the path with {@code /}
     * ({@code HKCU:\Software} and {@code Registry::HKEY_CURRENT_USER\Software} are both
     * {@code HKCU:/Software}, {@code Env:} is {@code Env:/}); {@code ""} when WORD is no such
     * location (a file path); null for a drive whose root is not known ({@code Home:\},
     * {@code Alias::x} of another provider), which callers read as an unknown place (fail closed).
     */
    public static String psProviderLocation(String word) {
        String w = unquote(word);
        String lower = w.toLowerCase(Locale.ROOT);
        if (lower.matches("(?s)^(microsoft\\.powershell\\.core\\\\)?registry::.*")) {
            RegistryKey k = RegistryKey.parse(w, false);
            return k == null ? null : k.hive() + ":/" + String.join("/", k.components());
        }
        if (lower.matches("(?s)^(microsoft\\.powershell\\.core\\\\)?filesystem::.*")) {
            return "";
        }
        if (lower.matches("(?s)^[\\w.\\\\]+::.*")) {
            return null; // another provider's own path: read as nowhere known
        }
        java.util.regex.Matcher m = PS_NAMED_DRIVE.matcher(w);
        if (!m.matches()) {
            return "";
        }
        String drive = m.group(1).toLowerCase(Locale.ROOT);
        if (!PS_ITEM_DRIVES.contains(drive)) {
            return null;
        }
        RegistryKey k = RegistryKey.parse(w, false);
        if (k != null) {
            return k.hive() + ":/" + String.join("/", k.components());
        }
        return psProviderJoin(m.group(1) + ":/", m.group(2) == null ? "" : m.group(2));
    }

    /** True for a location {@link #psProviderLocation} gave ({@code HKCU:/Software}, {@code Env:/}). */
    public static boolean isPsProviderLocation(String dir) {
        return PS_NAMED_DRIVE.matcher(dir).matches() && dir.indexOf(':') > 0 && dir.charAt(dir.indexOf(':') + 1) == '/'
                && PS_ITEM_DRIVES.contains(dir.substring(0, dir.indexOf(':')).toLowerCase(Locale.ROOT));
    }

    /**
     * {@code path} (a word as typed, {@code \} or {@code /}) read under the provider location
     * {@code dir} ({@link #psProviderLocation}): a path starting with a separator from the drive's
     * root, {@code .} and {@code ..} resolved, never above the root ({@code Set-Location HKCU:\;
     * Remove-Item ..\Software} is {@code HKCU:/Software}).
     */
    public static String psProviderJoin(String dir, String path) {
        int colon = dir.indexOf(':');
        String drive = dir.substring(0, colon + 1);
        String p = unquote(path).replace('\\', '/');
        String start = p.startsWith("/") ? "" : dir.substring(colon + 1);
        return drive + normalize("/" + start + "/" + p);
    }

    /**
     * True when a PowerShell path word names a drive longer than one letter that holds files or
     * whose root is not known ({@code Home:\*} after {@code New-PSDrive -Name Home -Root $HOME}):
     * the path could be any folder.
     */
    public static boolean isUnknownPsDrivePath(String word) {
        // (a URL is no drive: `Start-BitsTransfer -Destination https://…`)
        return !Regex.find(unquote(word), "^[A-Za-z][A-Za-z0-9+.-]*://") && psProviderLocation(word) == null;
    }

    /**
     * A POSIX tool's operand in the form the path rules read: a Windows drive or a path on one
     * ({@code C:}, {@code C:/}, {@code 'D:\x'}), which Git Bash's rm, rmdir and kin are handed as
     * such, becomes its POSIX form ({@link #fromWindows}: {@code rm -rf C:/} deletes the drive, as
     * {@code rm -rf /} the root); any other word comes back unchanged. On Linux such a word would
     * name a folder {@code C:} in the working directory, so the reading only makes it stricter.
     */
    public static String posixOperand(String word) {
        String p = unquote(word);
        return Regex.matches(p, "(?s)[A-Za-z]:([\\\\/].*)?") ? fromWindows(p) : word;
    }

    /** True for a Windows drive path ({@code C:\\x}, {@code C:/x}). */
    public static boolean isWindowsAbsolute(String path) {
        return Regex.matches(path, "(?s)[A-Za-z]:[\\\\/].*");
    }

    /**
     * True for a Windows system folder in the POSIX form of {@link #fromWindows}: the Windows folder
     * and what is directly under it, the Users folder and each profile in it, Program Files.
     */
    public static boolean isWindowsSystemDir(String abs) {
        String l = abs.toLowerCase(Locale.ROOT);
        return Regex.matches(l, "/(windows(/[^/]+)?|users(/[^/]+)?|program files( \\(x86\\))?|programdata)");
    }

    static String unquote(String path) {
        String p = path;
        if (p.length() >= 2 && (p.startsWith("\"") && p.endsWith("\"") || p.startsWith("'") && p.endsWith("'"))) {
            p = p.substring(1, p.length() - 1);
        }
        return p.startsWith("${HOME") ? homeExpansion(p) : p;
    }

    /**
     * The expansions of HOME that give HOME itself whenever it is set (it always is for an agent):
     * the guards {@code ${HOME:?}}, {@code ${HOME?msg}}, the defaults {@code ${HOME:-x}},
     * {@code ${HOME=x}} and the trailing-slash strips {@code ${HOME%/}}, {@code ${HOME%%/}}.
     */
    private static final Pattern HOME_EXPANSION = Pattern.compile("\\$\\{HOME(?::?[?=-][^}$`]*|%%?/)\\}");

    /** {@code rm -rf "${HOME:?}/"} is {@code rm -rf ~/}: the expansion becomes {@code $HOME}. */
    private static String homeExpansion(String p) {
        java.util.regex.Matcher m = HOME_EXPANSION.matcher(p);
        return m.lookingAt() ? "$HOME" + p.substring(m.end()) : p;
    }
}
