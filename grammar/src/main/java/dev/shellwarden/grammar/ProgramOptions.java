package dev.shellwarden.grammar;

import dev.shellwarden.grammar.Wrappers.Kind;
import dev.shellwarden.grammar.Wrappers.Unwrap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Options of ordinary tools whose value is a program or a command line the tool starts:
 * {@code rsync -e|--rsh PROG}, {@code sort --compress-program=PROG}, {@code tar --rsh-command},
 * {@code zip -TT}, {@code man -P}, {@code wget --use-askpass}, {@code aria2c --on-download-complete},
 * {@code yt-dlp --exec}, {@code gcc -wrapper}, {@code tcpdump -z}, {@code strace -o '|CMD'},
 * {@code helm --post-renderer}, {@code restic --password-command}, {@code java -XX:OnError=…}…, in
 * every spelling the tool's option parser takes: {@code -e X}, {@code -eX}, clustered
 * {@code -ave X}, {@code --rsh X}, {@code --rsh=X} and the unique abbreviations GNU getopt, popt and
 * optparse accept ({@code --rs=X}, {@code --compress-prog=X}).
 *
 * <p>WHY: each of these is a way to run a program through a tool that looks harmless
 * ({@code sort} is read-only, {@code rsync} copies files). The grammar hands the program to the
 * rules as a segment of its own ({@link #unwrap}), so a command line that is denied when run
 * directly is denied through the option, and a program written or fetched earlier in the same
 * command meets the write-then-run conjunctions. The engine reads the same table
 * ({@link #unsafeValues}) to ask about a program that is no plain choice for the option
 * (a compressor for {@code sort}, ssh for {@code rsync -e}).
 *
 * <p>INVARIANT: only adds segments; an option the table does not know is left alone.
 */
public final class ProgramOptions {

    private ProgramOptions() {
    }

    /** How the tool runs an option's value. */
    enum Run {
        /** A command line for {@code /bin/sh -c}. */
        LINE,
        /** A program and its words, split on blanks and run with the tool's own arguments appended. */
        WORDS,
        /** A program run with data on its standard input ({@code sort --compress-program}). */
        STDIN,
        /** A CMake list ({@code a;b;c}): the program and its words, with the compiler's words appended. */
        LIST,
        /** A comma-separated program and words ({@code gcc -wrapper sh,-c,CMD}). */
        COMMAS,
        /** A file or folder whose code the tool loads or runs (a plugin, an agent): asked when outside the project. */
        PATH,
        /** A configuration file that can name programs: asked when it is in a temporary folder. */
        CONFIG,
        /** A program another part of the grammar already splits: only asked about here. */
        ASK
    }

    /**
     * One option.
     *
     * @param spelling    {@code -e} (a short option, clustered like getopt), {@code --rsh} (a long
     *                    option, abbreviated down to {@code min} characters), or a single-dash word
     *                    ({@code -TT}, {@code -wrapper}, {@code -javaagent:}, {@code -XX:OnError=})
     * @param min         the shortest abbreviation the tool takes (long options); 0 for none
     * @param run         how the value runs
     * @param attached    the value is only ever attached ({@code -O…}, {@code --html=…})
     * @param value       the part of the value that runs (group 1); a value that does not match runs nothing
     * @param safe        program names that are the option's plain choices (no ask); empty: none
     */
    record Opt(String spelling, int min, Run run, boolean attached, Pattern value, Set<String> safe) {
    }

    /** The value of one option found in a command. */
    public record Found(String option, String value, String run, boolean literal, boolean safe) {
    }

    private static final Set<String> COMPRESSORS = Set.of("gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "unzstd",
            "pzstd", "lz4", "lzop", "pigz", "unpigz", "pbzip2", "lbzip2", "pixz", "lzma", "unlzma", "brotli", "lzip", "plzip",
            "compress", "uncompress", "zstdmt", "xz.exe", "zstd.exe", "gzip.exe");
    private static final Set<String> SSH = Set.of("ssh", "ssh.exe", "rsh");
    private static final Set<String> PAGERS = Set.of("less", "more", "most", "cat", "pager", "bat", "batcat", "col", "delta",
            "diff-so-fancy");
    private static final Set<String> SECRET_PRINTERS = Set.of("pass", "gopass", "op", "bw", "security", "secret-tool",
            "keepassxc-cli", "gpg", "rbw", "lpass", "cat");

    private static Opt line(String spelling, int min) {
        return new Opt(spelling, min, Run.LINE, false, null, Set.of());
    }

    private static Opt words(String spelling, int min, Set<String> safe) {
        return new Opt(spelling, min, Run.WORDS, false, null, safe);
    }

    private static Opt path(String spelling, int min) {
        return new Opt(spelling, min, Run.PATH, false, null, Set.of());
    }

    private static Opt config(String spelling, int min) {
        return new Opt(spelling, min, Run.CONFIG, false, null, Set.of());
    }

    private static Opt matching(String spelling, int min, Run run, String value, Set<String> safe) {
        return new Opt(spelling, min, run, false, Pattern.compile(value, Pattern.DOTALL), safe);
    }

    /**
     * A tool: its short options that take a value (so a cluster stops there) and its program options.
     * {@code clusters} is false for tools whose single-dash words are not getopt clusters (gcc, java).
     */
    record Tool(String shortWithArg, boolean clusters, List<Opt> opts) {
    }

    private static final Tool RSYNC = new Tool("efBTM@", true, List.of(words("-e", 0, SSH), words("--rsh", 4, SSH),
            new Opt("--rsync-path", 4, Run.LINE, false, null, Set.of("*"))));
    private static final Tool SORT = new Tool("kStTo", true, List.of(new Opt("--compress-program", 4, Run.STDIN, false, null, COMPRESSORS)));
    private static final Tool TAR = new Tool("bCfFgHIKLNTVX", true, List.of(
            new Opt("-I", 0, Run.LINE, false, null, COMPRESSORS), new Opt("--use-compress-program", 5, Run.LINE, false, null, COMPRESSORS),
            line("--to-command", 5), line("-F", 0), line("--info-script", 6), line("--new-volume-script", 5),
            words("--rsh-command", 4, SSH), words("--rmt-command", 4, Set.of("rmt")),
            matching("--checkpoint-action", 13, Run.LINE, "exec=(.*)", Set.of())));
    private static final Tool ZIP = new Tool("bnotxidDQ", false, List.of(new Opt("-TT", 0, Run.LINE, false, null, Set.of("unzip")),
            new Opt("--unzip-command", 5, Run.LINE, false, null, Set.of("unzip"))));
    private static final Tool MAN = new Tool("CMPSemLrEpRTHIKW", true, List.of(new Opt("-P", 0, Run.LINE, false, null, PAGERS),
            new Opt("--pager", 5, Run.LINE, false, null, PAGERS), new Opt("-H", 0, Run.LINE, true, null, Set.of()),
            new Opt("--html", 4, Run.LINE, true, null, Set.of())));
    private static final Tool PAGER_OPTION = new Tool("", true, List.of(new Opt("--pager", 5, Run.LINE, false, null, PAGERS)));
    /**
     * ripgrep runs --hostname-bin to name the host in hyperlinks; its --pre is split by ToolRunners
     * and, as a path, asked when the preprocessor is a file outside the project ({@code --pre=/tmp/p});
     * clap takes no abbreviations.
     */
    private static final Tool RG = new Tool("ABCEefgjMmrTtd", true, List.of(new Opt("--hostname-bin", 0, Run.WORDS, false, null,
            Set.of("hostname")), path("--pre", 0)));
    /** Gradle's init scripts ({@code -I FILE}, {@code --init-script FILE}) are Groovy or Kotlin code run before the build: asked from a temporary folder (~/.gradle/init.d is the usual place). */
    private static final Tool GRADLE = new Tool("", false, List.of(config("-I", 0), config("--init-script", 0)));
    /** npm's user and global config files name the registry, the script shell and node options: asked from a temporary folder. */
    private static final Tool NPM = new Tool("", false, List.of(config("--userconfig", 0), config("--globalconfig", 0)));
    private static final Tool MYSQL = new Tool("eDuphPSh", true, List.of(new Opt("--pager", 5, Run.LINE, true, null, PAGERS)));
    private static final Tool PSQL = new Tool("cdfhLopPTUvF", true, List.of(matching("-o", 0, Run.LINE, "\\|(.*)", Set.of()),
            matching("--output", 4, Run.LINE, "\\|(.*)", Set.of())));
    /** wget; its {@code -e use_askpass=PROG} reaches here as {@code --use-askpass=PROG} ({@link WgetCommands}, in {@link #find}). */
    private static final Tool WGET = new Tool("eoOaiBPUTtwQDIXlAR", true, List.of(words("--use-askpass", 7, Set.of())));
    private static final Tool ARIA2C = new Tool("dosjxkUiTlSMNm", true, List.of(words("--on-download-complete", 13, Set.of()),
            words("--on-download-start", 13, Set.of()), words("--on-download-pause", 13, Set.of()),
            words("--on-download-stop", 17, Set.of()), words("--on-download-error", 13, Set.of()),
            words("--on-bt-download-complete", 6, Set.of()), config("--conf-path", 7)));
    private static final String YTDLP_WHEN = "(?:(?:pre_process|after_filter|video|before_dl|post_process|after_move|after_video|playlist):)?(.*)";
    private static final Tool YTDLP = new Tool("oafrRiuplcP", true, List.of(matching("--exec", 6, Run.LINE, YTDLP_WHEN, Set.of()),
            line("--exec-before-download", 7), line("--netrc-cmd", 8)));
    private static final Tool GALLERY_DL = new Tool("dDfoumt", true, List.of(line("--exec", 6), line("--exec-after", 7)));
    private static final Tool GPG = new Tool("uroRfa", true, List.of(line("--photo-viewer", 4), words("--agent-program", 4, Set.of()),
            words("--dirmngr-program", 4, Set.of()), words("--keyboxd-program", 4, Set.of()), path("--exec-path", 7)));
    private static final Tool CC = new Tool("", false, List.of(new Opt("-wrapper", 0, Run.COMMAS, false, null, Set.of()),
            new Opt("-B", 0, Run.PATH, false, null, Set.of()), new Opt("-fplugin=", 0, Run.PATH, true, null, Set.of()),
            new Opt("-fpass-plugin=", 0, Run.PATH, true, null, Set.of()), new Opt("-specs=", 0, Run.PATH, true, null, Set.of()),
            new Opt("@", 0, Run.PATH, true, null, Set.of())));
    private static final Tool TCPDUMP = new Tool("BcCDEFGiMmrsTVwWyzZQ", true, List.of(words("-z", 0, COMPRESSORS)));
    private static final Tool HELM = new Tool("fnos", true, List.of(words("--post-renderer", 15, Set.of("kustomize"))));
    private static final Tool PASSWORD_COMMAND = new Tool("r", true, List.of(new Opt("--password-command", 10, Run.LINE, false, null, SECRET_PRINTERS)));
    private static final Tool BORG = new Tool("", true, List.of(new Opt("--rsh", 4, Run.LINE, false, null, SSH)));
    private static final Tool OPENVPN = new Tool("", true, List.of(line("--up", 4), line("--down", 6), line("--route-up", 9),
            line("--route-pre-down", 10), line("--ipchange", 5), line("--client-connect", 10), line("--client-disconnect", 10),
            line("--learn-address", 5), line("--auth-user-pass-verify", 6), line("--tls-verify", 6)));
    private static final Tool VALGRIND = new Tool("", false, List.of(line("--db-command", 5)));
    private static final Tool STRACE = new Tool("abeEIoOpPsSUXu", true, List.of(matching("-o", 0, Run.LINE, "[|!](.*)", Set.of()),
            matching("--output", 5, Run.LINE, "[|!](.*)", Set.of())));
    private static final Tool GDB = new Tool("", false, List.of(matching("--eval-command", 6, Run.LINE, "\\s*(?:shell|!)\\s*(.*)", Set.of()),
            matching("--init-eval-command", 7, Run.LINE, "\\s*(?:shell|!)\\s*(.*)", Set.of())));
    private static final Tool JAVA = new Tool("", false, List.of(new Opt("-XX:OnError=", 0, Run.LINE, true, null, Set.of()),
            new Opt("-XX:OnOutOfMemoryError=", 0, Run.LINE, true, null, Set.of()), new Opt("-javaagent:", 0, Run.PATH, true, null, Set.of()),
            new Opt("-agentpath:", 0, Run.PATH, true, null, Set.of())));
    /**
     * The JDK's other tools (javac, javadoc, jshell, jar…) hand a {@code -J} word to the JVM they
     * start: {@code javac -J-javaagent:/tmp/a.jar} loads the agent as {@code java -javaagent:} does.
     */
    private static final Tool JDK_TOOL = new Tool("", false, List.of(new Opt("-J-XX:OnError=", 0, Run.LINE, true, null, Set.of()),
            new Opt("-J-XX:OnOutOfMemoryError=", 0, Run.LINE, true, null, Set.of()), new Opt("-J-javaagent:", 0, Run.PATH, true, null, Set.of()),
            new Opt("-J-agentpath:", 0, Run.PATH, true, null, Set.of())));
    /** The linkers rustc is given in everyday builds: a plain choice. */
    private static final Set<String> LINKERS = Set.of("cc", "gcc", "clang", "g++", "clang++", "ld", "ld.lld", "lld", "mold", "rust-lld",
            "ld64.lld", "lld-link", "link.exe", "zig", "x86_64-linux-gnu-gcc", "aarch64-linux-gnu-gcc", "arm-linux-gnueabihf-gcc");
    /**
     * rustc runs the program {@code -C linker=PROG} names (also {@code -Clinker=}, {@code --codegen
     * linker=}) with the object files as its words, and loads {@code -Z codegen-backend=LIB}.
     */
    private static final Tool RUSTC = new Tool("", false, List.of(
            matching("-C", 0, Run.WORDS, "\\s*linker\\s*=\\s*(.*)", LINKERS),
            matching("--codegen", 0, Run.WORDS, "\\s*linker\\s*=\\s*(.*)", LINKERS),
            matching("-Z", 0, Run.PATH, "\\s*codegen-backend\\s*=\\s*(.*/.*)", Set.of())));
    private static final Tool NODE = new Tool("r", false, List.of(path("-r", 0), path("--require", 0), path("--import", 0),
            path("--loader", 0), path("--experimental-loader", 0), path("--env-file", 0), path("--env-file-if-exists", 0)));
    private static final Tool HG = new Tool("R", true, List.of(matching("--config", 6, Run.LINE,
            "(?:hooks\\.[^=]+|ui\\.(?:ssh|editor|merge)|pager\\.pager|merge-tools\\.[^=]+\\.executable)\\s*=\\s*(.*)", Set.of()),
            matching("--config", 6, Run.PATH, "extensions\\.[^=]+\\s*=\\s*(.*/.*)", Set.of())));
    private static final Tool SVN = new Tool("rmFcNlx", true, List.of(line("--editor-cmd", 4), line("--diff-cmd", 6), line("--diff3-cmd", 6),
            matching("--config-option", 9, Run.LINE, "config:helpers:(?:editor-cmd|diff-cmd|diff3-cmd|merge-tool-cmd)=(.*)", Set.of())));
    private static final Tool CMAKE = new Tool("SBGTADCUWPE", true, List.of(
            matching("-D", 0, Run.LIST, "CMAKE_(?:[A-Z]+_)*(?:COMPILER|LINKER)_LAUNCHER(?::[A-Za-z]+)?=(.+)", Set.of("ccache", "sccache", "distcc", "icecc", "buildcache")),
            matching("-D", 0, Run.WORDS, "CMAKE_[A-Z_]*_COMPILER(?::[A-Za-z]+)?=(.+)", Set.of("gcc", "g++", "cc", "c++", "clang", "clang++",
                    "clang-cl", "cl", "gfortran", "nvcc", "icx", "icpx", "tcc", "zig", "emcc", "em++")),
            path("-C", 0)));
    private static final Tool CTEST = new Tool("CjLRIEDOSQ", true, List.of(path("-S", 0), path("-SP", 0), path("-SR", 0),
            path("--script", 0), path("--script-new-process", 0)));
    private static final Tool KUBECTL = new Tool("nlcofs", true, List.of(words("--exec-command", 9, Set.of()), config("--kubeconfig", 0)));
    private static final Tool SQLITE = new Tool("", false, List.of(config("-init", 0), config("--init", 0)));
    private static final Tool DOCKER = new Tool("cHl", true, List.of(config("--config", 0)));
    private static final Tool NMAP = new Tool("", false, List.of(matching("--script", 0, Run.PATH, "(.*/.*)", Set.of())));
    private static final Tool PERL = new Tool("", false, List.of(new Opt("-I", 0, Run.PATH, true, null, Set.of())));
    private static final Tool RUBY = new Tool("", false, List.of(new Opt("-I", 0, Run.PATH, false, null, Set.of()),
            new Opt("-r", 0, Run.PATH, false, null, Set.of()), new Opt("--require", 0, Run.PATH, false, null, Set.of())));
    private static final Tool MESON = new Tool("", false, List.of(config("--native-file", 0), config("--cross-file", 0)));
    /** cargo --config FILE (a path, not KEY=VALUE): a config file that can set runners and wrappers. */
    private static final Tool CARGO = new Tool("", false, List.of(matching("--config", 0, Run.CONFIG, "([^=]*)", Set.of()),
            // the runner, linker and compiler settings ToolRunners splits: asked unless a compiler cache
            matching("--config", 0, Run.ASK, "(?s)\\s*(?:target\\.[^=]+\\.(?:runner|linker)|build\\.rustc(?:-workspace)?-wrapper|build\\.rustc|build\\.rustdoc)"
                    + "\\s*=\\s*[\\[\"'\\s]*([^\\]\"',]*).*", Set.of("sccache", "ccache", "cc", "gcc", "clang", "rustc", "rustdoc", "mold", "lld", "ld.lld"))));
    private static final Tool GPG_CONNECT_AGENT = new Tool("", true, List.of());
    /** go's -exec and -toolexec are split by ToolRunners; -vettool and the external linker are programs too. */
    private static final Tool GO = new Tool("", false, List.of(new Opt("-exec", 0, Run.ASK, false, null, Set.of()),
            new Opt("-toolexec", 0, Run.ASK, false, null, Set.of()), new Opt("--toolexec", 0, Run.ASK, false, null, Set.of()),
            new Opt("--exec", 0, Run.ASK, false, null, Set.of()), new Opt("-vettool", 0, Run.ASK, false, null, Set.of()),
            new Opt("-ldflags", 0, Run.ASK, false, Pattern.compile("(?s).*-extld[= ]\\s*(\\S+).*"), Set.of("gcc", "clang", "cc", "g++", "clang++")),
            new Opt("--ldflags", 0, Run.ASK, false, Pattern.compile("(?s).*-extld[= ]\\s*(\\S+).*"), Set.of("gcc", "clang", "cc", "g++", "clang++"))));

    /** aider's chat commands that run a shell command line: {@code /run CMD}, its alias {@code !CMD}, {@code /test CMD}. */
    private static final String AIDER_RUN = "\\s*(?:/run|/test|!)\\s*(.*)";
    /**
     * aider runs its test and lint commands by itself, and a chat command in {@code --message}
     * as typed by its user, unasked; its options are configargparse's, which takes unique
     * abbreviations ({@code --test-c}); a lint command may name its language first ({@code python: flake8}).
     * Every value is a plain choice ({@code *}, no ask of its own: naming the project's test
     * command is what the option is for), and the options are in {@link #ALWAYS_SPLIT}, so the
     * command line is still split and judged as a segment of its own.
     */
    private static final Tool AIDER = new Tool("mfc", true, List.of(new Opt("--test-cmd", 8, Run.LINE, false, null, Set.of("*")),
            matching("--lint-cmd", 8, Run.LINE, "\\s*(?:[A-Za-z0-9_+#-]+:\\s+)?(.*)", Set.of("*")),
            matching("--message", 9, Run.LINE, AIDER_RUN, Set.of("*")), matching("--msg", 5, Run.LINE, AIDER_RUN, Set.of("*")),
            matching("-m", 0, Run.LINE, AIDER_RUN, Set.of("*"))));

    private static final Map<String, Tool> TOOLS = Map.ofEntries(
            Map.entry("rsync", RSYNC), Map.entry("sort", SORT), Map.entry("tar", TAR), Map.entry("gtar", TAR), Map.entry("bsdtar", TAR),
            Map.entry("zip", ZIP), Map.entry("man", MAN), Map.entry("bat", PAGER_OPTION), Map.entry("batcat", PAGER_OPTION),
            Map.entry("mysql", MYSQL), Map.entry("mariadb", MYSQL), Map.entry("psql", PSQL), Map.entry("wget", WGET),
            Map.entry("aria2c", ARIA2C), Map.entry("yt-dlp", YTDLP), Map.entry("youtube-dl", YTDLP), Map.entry("gallery-dl", GALLERY_DL),
            Map.entry("gpg", GPG), Map.entry("gpg2", GPG), Map.entry("gcc", CC), Map.entry("g++", CC), Map.entry("cc", CC),
            Map.entry("c++", CC), Map.entry("clang", CC), Map.entry("clang++", CC), Map.entry("tcpdump", TCPDUMP),
            Map.entry("helm", HELM), Map.entry("restic", PASSWORD_COMMAND), Map.entry("rclone", PASSWORD_COMMAND),
            Map.entry("borg", BORG), Map.entry("openvpn", OPENVPN), Map.entry("valgrind", VALGRIND), Map.entry("strace", STRACE),
            Map.entry("gdb", GDB), Map.entry("java", JAVA), Map.entry("javac", JDK_TOOL), Map.entry("javadoc", JDK_TOOL),
            Map.entry("jshell", JDK_TOOL), Map.entry("jar", JDK_TOOL), Map.entry("jlink", JDK_TOOL), Map.entry("jpackage", JDK_TOOL),
            Map.entry("javap", JDK_TOOL), Map.entry("jdeps", JDK_TOOL), Map.entry("keytool", JDK_TOOL), Map.entry("jarsigner", JDK_TOOL),
            Map.entry("rustc", RUSTC), Map.entry("rustdoc", RUSTC), Map.entry("node", NODE), Map.entry("nodejs", NODE), Map.entry("hg", HG),
            Map.entry("svn", SVN), Map.entry("cmake", CMAKE), Map.entry("ctest", CTEST), Map.entry("kubectl", KUBECTL),
            Map.entry("sqlite3", SQLITE), Map.entry("docker", DOCKER), Map.entry("nmap", NMAP),
            Map.entry("gpg-connect-agent", GPG_CONNECT_AGENT), Map.entry("go", GO), Map.entry("perl", PERL),
            Map.entry("ruby", RUBY), Map.entry("meson", MESON), Map.entry("cargo", CARGO),
            Map.entry("ag", PAGER_OPTION), Map.entry("rg", RG), Map.entry("aider", AIDER),
            Map.entry("gradle", GRADLE), Map.entry("gradlew", GRADLE), Map.entry("npm", NPM), Map.entry("npx", NPM), Map.entry("pnpm", NPM));

    /** A word that names a file or folder outside the project: a temporary or home folder, a URL, a parent. */
    private static final Pattern OUTSIDE = Pattern.compile(
            "(?i)(~|\\$\\{?HOME\\b|/tmp/|/tmp$|/var/tmp|/dev/shm|/private/tmp|/proc/|/dev/fd|https?:|data:|file:|ftp:|\\.\\./|\\.\\.$|[a-z]:[\\\\/](temp|users|windows\\\\temp)).*"
            + "|.*[\\\\/]\\.\\.([\\\\/].*)?");

    /**
     * A folder anyone can write to, where a file may have been planted: {@code /tmp}, {@code /dev/shm};
     * on Windows {@code C:\\Temp}, {@code C:\\Windows\\Temp}, {@code C:\\Users\\Public} and the
     * user's temporary folder ({@code $env:TEMP}, {@code %TEMP%}).
     */
    private static final Pattern TEMPORARY = Pattern.compile("(?i)(/tmp|/var/tmp|/dev/shm|/private/tmp|/proc|/dev/fd"
            + "|[a-z]:[\\\\/](windows[\\\\/])?temp|[a-z]:[\\\\/]users[\\\\/]public|\\$\\{?env:te?mp\\}?|%te?mp%)([\\\\/].*)?");

    /** True when a file or folder named by a setting is outside the project: a temporary or home folder, a URL, a parent. */
    public static boolean outside(String value) {
        return OUTSIDE.matcher(value.trim()).matches();
    }

    /** True when a file named by a setting is in a temporary folder. */
    public static boolean temporary(String value) {
        return TEMPORARY.matcher(value.trim()).matches();
    }

    /**
     * True for a tool of the table: one of its options names a program it starts
     * ({@code tar --to-command}, {@code rsync -e}), so any words after its name may run anything.
     */
    public static boolean namesPrograms(String name) {
        return TOOLS.containsKey(Wrappers.canonicalName(name));
    }

    /** The options of {@code argv} (literal or not) that name a program, each with its value. */
    static List<Found> find(String name, List<Word> argv) {
        // wget's -e wgetrc commands read as the long options they stand for: one reading with the engine's Cmd
        argv = WgetCommands.expand(name, argv);
        Tool tool = TOOLS.get(name);
        if (tool == TAR && argv.size() > 1 && argv.get(1).literal() && argv.get(1).text().matches("[A-Za-z]+")) {
            argv = oldStyle(argv, tool.shortWithArg());
        }
        List<Found> out = new ArrayList<>();
        if (tool == null) {
            special(name, argv, out);
            return out;
        }
        for (int k = 1; k < argv.size(); k++) {
            Word w = argv.get(k);
            String t = w.text();
            if (t.equals("--")) {
                break;
            }
            if (!t.startsWith("-") && !t.startsWith("@") || t.equals("-")) {
                continue;
            }
            boolean tookNext = false;
            for (Opt o : tool.opts()) {
                String value = null;
                boolean next = false;
                String s = o.spelling();
                if (s.startsWith("--")) {
                    int eq = t.indexOf('=');
                    String key = eq < 0 ? t : t.substring(0, eq);
                    boolean match = key.equals(s) || o.min() > 0 && key.length() >= o.min() && key.startsWith("--") && s.startsWith(key);
                    if (match) {
                        if (eq >= 0) {
                            value = t.substring(eq + 1);
                        } else if (!o.attached() && k + 1 < argv.size()) {
                            value = argv.get(k + 1).text();
                            next = true;
                        }
                    }
                } else if (s.length() > 2 || !tool.clusters()) {
                    if (t.equals(s) && !o.attached() && k + 1 < argv.size()) {
                        value = argv.get(k + 1).text();
                        next = true;
                    } else if (t.startsWith(s) && t.length() > s.length() && (o.attached() || s.length() == 2 || s.endsWith("=") || s.endsWith(":"))) {
                        value = t.substring(s.length());
                    } else if (t.startsWith(s + "=") && t.length() > s.length() + 1) {
                        value = t.substring(s.length() + 1);
                    }
                } else if (!t.startsWith("--")) {
                    // a getopt cluster: letters up to the first that takes a value
                    for (int i = 1; i < t.length(); i++) {
                        char c = t.charAt(i);
                        if (c == s.charAt(1)) {
                            if (i + 1 < t.length()) {
                                value = t.substring(i + 1);
                            } else if (!o.attached() && k + 1 < argv.size()) {
                                value = argv.get(k + 1).text();
                                next = true;
                            }
                            break;
                        }
                        if (tool.shortWithArg().indexOf(c) >= 0) {
                            break;
                        }
                    }
                }
                if (value == null) {
                    continue;
                }
                if (o.value() != null) {
                    Matcher m = o.value().matcher(value);
                    if (!m.matches()) {
                        continue;
                    }
                    value = m.group(1);
                }
                tookNext |= next;
                boolean literal = w.literal() && (!next || argv.get(k + 1).literal());
                out.add(new Found(s, value, o.run().name(), literal, isSafe(o, value)));
            }
            if (tookNext) {
                k++;
            }
        }
        special(name, argv, out);
        return out;
    }

    /**
     * tar's old-style first word ({@code tar cfI x.tar PROG src}): each letter is an option, and
     * the letters that take a value take the next operands in order; written out as {@code -c -f
     * x.tar -I PROG src}.
     */
    private static List<Word> oldStyle(List<Word> argv, String withArg) {
        List<Word> out = new ArrayList<>();
        out.add(argv.get(0));
        String letters = argv.get(1).text();
        int next = 2;
        List<Word> options = new ArrayList<>();
        for (char c : letters.toCharArray()) {
            options.add(Word.literal("-" + c));
            if (withArg.indexOf(c) >= 0 && next < argv.size()) {
                options.add(argv.get(next++));
            }
        }
        out.addAll(options);
        out.addAll(argv.subList(next, argv.size()));
        return out;
    }

    /** True when the value is one of the option's plain choices, or a file inside the project for PATH options. */
    private static boolean isSafe(Opt o, String value) {
        if (o.safe().contains("*")) {
            return true;
        }
        String v = value.trim();
        if (o.run() == Run.PATH) {
            return !outside(v);
        }
        if (o.run() == Run.CONFIG) {
            return !temporary(v);
        }
        if (v.isEmpty()) {
            return true;
        }
        if (v.matches("(?is).*(proxycommand|localcommand|knownhostscommand|sshcommand).*")) {
            return false; // `rsync -e "ssh -o ProxyCommand='…'"`: ssh runs a local command line
        }
        String first = o.run() == Run.LIST ? v.split(";", 2)[0] : o.run() == Run.COMMAS ? v.split(",", 2)[0] : v.split("\\s+", 2)[0];
        String base = first.substring(first.lastIndexOf('/') + 1);
        boolean plainWords = !v.matches("(?s).*[;&|`$<>(){}\\n\\\\].*") || o.run() == Run.LIST && !v.matches("(?s).*[&|`$<>(){}\\n\\\\].*");
        return o.safe().contains(base) && plainWords && (first.indexOf('/') < 0 || first.matches("/(usr/)?(local/)?s?bin/[^/]+"));
    }

    /** Tools whose program options need more than the table: subcommands and setting words. */
    private static void special(String name, List<Word> argv, List<Found> out) {
        List<String> t = argv.stream().map(Word::text).toList();
        boolean literal = argv.stream().allMatch(Word::literal);
        switch (name) {
            case "gpg-connect-agent" -> {
                int e = t.indexOf("--exec");
                if (e > 0 && e + 1 < t.size()) {
                    out.add(new Found("--exec", String.join(" ", quoteAll(t.subList(e + 1, t.size()))), Run.LINE.name(), literal, false));
                }
            }
            // gh alias set [--shell] NAME EXPANSION: with --shell or a leading ! the expansion is a shell line
            case "gh" -> {
                if (t.size() >= 5 && t.get(1).equals("alias") && t.get(2).equals("set")) {
                    boolean shell = t.contains("--shell") || t.contains("-s");
                    List<String> p = t.subList(3, t.size()).stream().filter(a -> !a.startsWith("-")).toList();
                    if (p.size() >= 2 && (shell || p.get(1).startsWith("!"))) {
                        // split and judged like a git `!` alias; setting one is no program of its own
                        out.add(new Found("alias", p.get(1).replaceFirst("^!", ""), Run.LINE.name(), literal, true));
                    }
                } else if (t.size() >= 5 && t.get(1).equals("config") && t.get(2).equals("set") && Set.of("pager", "editor", "browser").contains(t.get(3))) {
                    String first = t.get(4).trim().split("\\s+")[0];
                    out.add(new Found(t.get(3), t.get(4), Run.LINE.name(), literal, t.get(4).isBlank() || PAGERS.contains(first)
                            || Set.of("vim", "vi", "nvim", "nano", "code", "emacs").contains(first)));
                }
            }
            // go env -w GOFLAGS=-toolexec=PROG CC=PROG: the setting persists for every later go command
            case "go" -> {
                if (t.size() > 3 && t.get(1).equals("env") && t.contains("-w")) {
                    for (String a : t.subList(2, t.size())) {
                        if (a.matches("(?s)GOFLAGS=.*-(toolexec|exec|vettool|overlay)\\b.*|(?s)(CC|CXX|GOTOOLCHAIN)=.*/.*")) {
                            out.add(new Found("env -w", a, Run.ASK.name(), literal, false));
                        }
                    }
                }
            }
            // clang -Xclang -load -Xclang PLUGIN.so: the plugin is the word after the second -Xclang
            case "clang", "clang++", "gcc", "g++", "cc", "c++" -> {
                for (int k = 1; k + 1 < t.size(); k++) {
                    if (t.get(k).equals("-load")) {
                        String v = t.get(k + 1).equals("-Xclang") && k + 2 < t.size() ? t.get(k + 2) : t.get(k + 1);
                        out.add(new Found("-load", v, Run.PATH.name(), literal, !outside(v)));
                    }
                }
            }
            // mutt -e 'set sendmail="PROG"': muttrc commands naming the programs mutt runs through a shell
            case "mutt", "neomutt" -> {
                for (int k = 1; k + 1 < t.size(); k++) {
                    java.util.regex.Matcher m = MUTT_PROGRAM.matcher(t.get(k + 1));
                    if (t.get(k).equals("-e") && m.find()) {
                        out.add(new Found("-e", m.group(1), Run.LINE.name(), literal, false));
                    }
                }
            }
            // aws configure set [profile.NAME.]credential_process CMD
            case "aws" -> {
                if (t.size() >= 5 && t.get(1).equals("configure") && t.get(2).equals("set") && t.get(3).matches("(?:profile\\.[^.]+\\.)?credential_process")) {
                    out.add(new Found("credential_process", t.get(4), Run.LINE.name(), literal, false));
                }
            }
            // tmux set-option [-g] default-command|default-shell VALUE
            case "tmux" -> {
                for (int k = 1; k + 1 < t.size(); k++) {
                    if (Set.of("default-command", "default-shell").contains(t.get(k)) && t.subList(1, k).stream().anyMatch(a -> a.startsWith("set"))) {
                        out.add(new Found(t.get(k), t.get(k + 1), Run.LINE.name(), literal, true));
                    }
                }
            }
            // perl -M'Module;CODE': the text after the module name is code in a `use` line
            case "perl" -> {
                for (String a : t.subList(1, t.size())) {
                    if (a.matches("(?s)-[Mm]-?[A-Za-z0-9_:]*[^A-Za-z0-9_:=,].*")) {
                        out.add(new Found("-M", a.substring(2), "PERL", literal, false));
                    }
                }
            }
            // `npm --git=PROG`, `--script-shell`, pnpm's `--config.script-shell=PROG`, `--browser`/`--editor` command lines
            case "npm", "pnpm", "yarn" -> {
                for (int k = 1; k < t.size(); k++) {
                    String a = t.get(k);
                    if (NPM_PROGRAM_KEY.matcher(a).matches() && k + 1 < t.size()) {
                        a = a + "=" + t.get(++k); // nopt takes `--browser VALUE` too
                    }
                    java.util.regex.Matcher m = NPM_PROGRAM.matcher(a);
                    if (m.matches() && !m.group(2).isEmpty()) {
                        String base = m.group(2).split("\\s+")[0];
                        base = base.substring(base.lastIndexOf('/') + 1);
                        // a browser or editor by its bare name (`--browser false`, `--editor vim`) is a plain choice
                        boolean safe = m.group(1).endsWith("git") ? base.equals("git")
                                : m.group(1).endsWith("shell") ? base.matches("(ba|z|da|k|fi)?sh|cmd(\\.exe)?|pwsh|powershell")
                                : m.group(2).matches("[A-Za-z0-9._-]+");
                        out.add(new Found(m.group(1), m.group(2), Run.LINE.name(), literal, safe));
                    }
                }
            }
            default -> {
                // no special form
            }
        }
    }

    /** Options whose command line is split even when it is a plain choice (it runs elsewhere, or later, or is aider's). */
    private static final Set<String> ALWAYS_SPLIT = Set.of("--rsync-path", "default-command", "default-shell", "alias",
            "--test-cmd", "--lint-cmd", "--message", "--msg", "-m");

    private static final Pattern MUTT_PROGRAM = Pattern.compile(
            "\\bset\\s+(?:sendmail|editor|pager|display_filter|query_command|new_mail_command|print_command|inews|ispell)\\s*=\\s*[\"']?([^\"';]+)");
    private static final Pattern NPM_PROGRAM_KEY = Pattern.compile("--(?:config\\.)?(?:script-shell|git|browser|editor)");
    private static final Pattern NPM_PROGRAM = Pattern.compile("--((?:config\\.)?(?:script-shell|git|browser|editor))=(.*)", Pattern.DOTALL);

    private static List<String> quoteAll(List<String> words) {
        return words.stream().map(a -> a.startsWith("~") || a.contains("$") ? a : Word.singleQuoted(a)).toList();
    }

    /**
     * The values of {@code argv}'s program options that are no plain choice for the option: a
     * program that is not a compressor for {@code sort}, not ssh for {@code rsync -e}, a plugin or
     * config file from a temporary or home folder. The engine asks about these.
     */
    public static List<String> unsafeValues(List<String> argv) {
        if (argv.isEmpty()) {
            return List.of();
        }
        String path = argv.get(0);
        String name = Wrappers.canonicalName(path.substring(path.lastIndexOf('/') + 1));
        List<Word> words = argv.stream().map(a -> Word.literal(a)).toList();
        return find(name, words).stream().filter(f -> !f.safe()).map(Found::value).toList();
    }

    /**
     * {@link #unsafeValues} of options a variable holds for {@code program} as one text, split at
     * blanks ({@code TAR_OPTIONS='--to-command=sh -v'}: tar puts these words before its own). One
     * reading for the engine's hook and loaded-code tables.
     */
    public static List<String> unsafeValues(String program, String optionsText) {
        List<String> argv = new ArrayList<>(List.of(program));
        argv.addAll(List.of(optionsText.trim().split("\\s+")));
        return unsafeValues(argv);
    }

    /**
     * The programs and command lines {@code argv}'s program options run, as segments: every value
     * that is no plain choice for its option (a plain choice, {@code rsync -e ssh}, runs nothing
     * worth a segment), and the remote command lines ({@code rsync --rsync-path}) always.
     */
    static List<Unwrap> unwrap(String name, List<Word> argv) {
        List<Unwrap> out = new ArrayList<>();
        for (Found f : find(name, argv)) {
            String v = f.value().trim();
            if (v.isEmpty() || f.safe() && !ALWAYS_SPLIT.contains(f.option())) {
                continue;
            }
            Word source = new Word(v, v, f.literal(), Set.of());
            switch (f.run()) {
                // rsync, tar and tcpdump split a program's words themselves, honouring quotes as a shell does
                case "LINE", "WORDS" -> out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(source)));
                case "PERL" -> {
                    out.add(new Unwrap(Kind.INTERPRETER_CODE, Provenance.WRAPPED, List.of(), List.of(), "use " + v, f.literal(), false));
                    for (String line : f.literal() ? InlineCode.commands("use " + v, "perl") : List.<String>of()) {
                        out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.SHELL_PAYLOAD, List.of(Word.literal(line))));
                    }
                }
                case "STDIN" -> {
                    // the program reads the tool's data on standard input: `sort --compress-program=sh`
                    // runs the lines of the sorted file as a script, as `sort f | sh` would
                    String line = (f.literal() ? Word.singleQuoted(v) : v) + " < /tmp/spill.data";
                    out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(new Word(line, line, f.literal(), Set.of()))));
                }
                case "LIST", "COMMAS" -> {
                    List<String> items = List.of(v.split(f.run().equals("LIST") ? ";" : ","));
                    String line = items.size() > 2 && Wrappers.isShell(items.get(0).substring(items.get(0).lastIndexOf('/') + 1))
                            && items.get(1).equals("-c")
                            // `sh;-c;rm -rf ~` (a CMake list), `sh,-c,CMD` (gcc -wrapper): the third item is a command line
                            ? items.get(2)
                            : String.join(" ", quoteAll(items.stream().filter(i -> !i.isEmpty()).toList()));
                    out.add(Unwrap.payload(Kind.SHELL_PAYLOAD, Provenance.WRAPPED, List.of(new Word(line, line, f.literal(), Set.of()))));
                }
                default -> {
                    // PATH: a file whose code the tool loads; the engine asks about it
                }
            }
        }
        return out;
    }
}
