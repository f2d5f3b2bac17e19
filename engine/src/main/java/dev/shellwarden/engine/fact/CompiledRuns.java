package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A program a compiler builds from files already on disk and the command then runs
 * ({@code go build -o bin/app ./cmd/app && ./bin/app}, {@code gcc -o /tmp/t tests/t.c && /tmp/t}):
 * read for {@link Cmd#runsOwnBuildOf} and {@link Cmd#isStoresFiles}, which SW4005 uses to spare that pair.
 *
 * <p>WHY: the compiler's {@code -o} output is a write target ({@link WriteTargets}), so the run of it
 * looked like a script written and run at once, while {@code gcc t.c && ./a.out} and
 * {@code cargo build && ./target/debug/app} were allowed: the program is the project's own code,
 * as {@code python tests/t.py} is. The write-then-run question only holds when the sources could be
 * text of this command: the compiler reads standard input, a computed word, a device, or another
 * segment of the command writes or fetches a file (a source, a header, a Go file beside the package:
 * any, since a compiler reads more than its operands; the rule checks that through
 * {@link Cmd#isStoresFiles}), or an option makes the compiler load code or read sources from elsewhere
 * (a plugin, a wrapper, a linker chosen, Go's {@code -toolexec}, {@code -overlay} or link flags beyond a version stamp). Each of those
 * keeps asking (fail closed).
 */
final class CompiledRuns {

    private CompiledRuns() {
    }

    /**
     * Compilers whose {@code -o} output {@link WriteTargets} records, with the options (by prefix) that
     * make them run or load another program, or read sources the operands do not name. Go counts only
     * for its {@code build} verb and {@code test -c}.
     */
    private static final Map<String, List<String>> CODE_LOADING_OPTIONS = Map.of(
            "gcc", CcFamily.OPTIONS, "cc", CcFamily.OPTIONS, "clang", CcFamily.OPTIONS,
            "g++", CcFamily.OPTIONS, "clang++", CcFamily.OPTIONS,
            // rustc's @file reads more options (a linker, a plugin) from a file
            "rustc", List.of("-C", "--codegen", "-Z", "--extern", "-L", "--sysroot", "-l", "@"),
            "go", List.of("-toolexec", "--toolexec", "-exec", "--exec", "-overlay", "--overlay", "-modfile", "--modfile",
                    "-C", "-pgo", "--pgo", "-gcflags", "--gcflags", "-asmflags", "--asmflags"));

    /** Go linker flags that only strip symbols or set a string variable: any other (-extld, -extldflags, -r…) asks. */
    private static final Set<String> PLAIN_GO_LINK_FLAGS = Set.of("-s", "-w", "-X");

    /** The C family's options that run or load another program (plugins, wrappers, a spec or tool folder, linker options). */
    private static final class CcFamily {
        static final List<String> OPTIONS = List.of("-fplugin", "-fpass-plugin", "-B", "-wrapper", "-specs", "--specs",
                "-Xclang", "-Xlinker", "-Wl,", "-fuse-ld", "--ld-path", "-load", "--sysroot", "-isysroot", "@",
                // options handed on to the preprocessor (-Wp,-include,FILE) and forced includes: a header
                // the operands do not name, possibly a descriptor the command fills (3< <(curl …))
                "-Wp,", "-Xpreprocessor", "-include", "--include", "-imacros", "--imacros");
    }

    /** Words that stand for standard input, a device or another process's output as a source. */
    private static final Set<String> STREAM_PREFIXES = Set.of("-", "/dev/", "/proc/");

    /** A device or process path joined into an option's value ({@code --include=/dev/fd/3}, {@code -Wp,-include,/proc/self/fd/3}). */
    private static final String JOINED_STREAM = "(?s).*[=,](/dev/|/proc/).*";

    /**
     * Environment names a build may be given without changing what code it reads or runs: the
     * target platform and cgo's switch. Any other ({@code CC}, {@code CGO_LDFLAGS}, {@code GOFLAGS},
     * {@code GOENV}, {@code COMPILER_PATH}, {@code GCC_EXEC_PREFIX}…) can name a program, a linker or
     * an options file, so the pair keeps asking.
     */
    private static final Set<String> PLAIN_BUILD_ENVIRONMENT = Words.setOf(
            "CGO_ENABLED GOOS GOARCH GOARM GOARM64 GOAMD64 GO386 GOMIPS GOMIPS64 GOPPC64 GORISCV64 GOWASM LANG LC_ALL SOURCE_DATE_EPOCH");

    /**
     * git verbs that leave the work tree as it is (reads). Any other git command beside a build
     * (apply, am, checkout, restore, pull, merge, stash pop…) may change the sources without a
     * write target, so it counts as a store (fail closed).
     */
    private static final String GIT_READS = "status log diff show rev-parse describe branch tag ls-files ls-tree blame grep"
            + " shortlog cat-file rev-list remote fetch version help";

    /** Go verbs that fetch modules or rewrite go.mod/go.work (or run generators): any of them beside the build may feed it. */
    private static final String GO_SOURCE_CHANGING = "get mod work generate";

    /**
     * True when {@code run} runs the {@code -o} output of {@code compiler}, a compiler reading only
     * named files with no option that loads code, and that output is the compiler's only write.
     */
    static boolean runsOwnBuildOf(Cmd run, Cmd compiler, Ctx ctx) {
        List<String> loading = CODE_LOADING_OPTIONS.get(compiler.getName());
        if (loading == null || !compilesNamedFilesOnly(compiler) || !plainEnvironment(compiler.getAssignments())
                || !FileProvenance.runsFileWrittenBy(run, compiler, ctx)) {
            return false;
        }
        if (compiler.getName().equals("go")) {
            List<String> verb = compiler.positionals("-C");
            if (verb.isEmpty() || !(verb.get(0).equals("build") || verb.get(0).equals("test") && compiler.anyFlag("-c"))
                    || !plainGoLinkFlags(compiler.getArgs())) {
                return false;
            }
        }
        // by prefix, so joined values (-fplugin=x.so, -Wl,--plugin, -Clinker=x, @opts) count too: a
        // near name asks, which fails closed
        for (String a : compiler.getArgs()) {
            if (loading.stream().anyMatch(a::startsWith)) {
                return false;
            }
        }
        // the output must be the one file the compiler writes (no redirection into the run's path)
        return compiler.getWriteTargets().size() == 1 && compiler.getRedirectWrites().isEmpty();
    }

    /**
     * True when every {@code -ldflags} value of a go command holds only {@link #PLAIN_GO_LINK_FLAGS}
     * ({@code -ldflags '-s -w -X main.version=dev'}, the everyday version stamp); the words after
     * {@code -X} are its name=value pairs.
     */
    private static boolean plainGoLinkFlags(List<String> args) {
        // Go's flag package: -ldflags V, -ldflags=V, --ldflags V, --ldflags=V (OptionSpec.goFlags);
        // the value is one shell word, quoted or not
        for (String value : Cmd.valuesOf(args, OptionSpec.goFlags("-ldflags"))) {
            String prev = "";
            for (String w : PathFacts.unquote(value).trim().split("\\s+")) {
                boolean xValue = prev.equals("-X") && !w.startsWith("-") && w.contains("=");
                if (!w.isEmpty() && !PLAIN_GO_LINK_FLAGS.contains(w) && !xValue) {
                    return false;
                }
                prev = w;
            }
        }
        return true;
    }

    /**
     * True when {@code c} may change what a build beside it reads: a write (not a mode, time or empty
     * folder), a download or a clone, a git command that is not a read ({@link #GIT_READS}: git apply, am, checkout,
     * pull, stash pop change the work tree without a write target), a go verb that fetches modules or
     * edits go.mod ({@link #GO_SOURCE_CHANGING}), or an export of a build setting outside
     * {@link #PLAIN_BUILD_ENVIRONMENT} ({@code export CGO_LDFLAGS=…}). Any such segment beside a
     * compile-then-run may have put text into what the compiler reads.
     */
    static boolean storesFiles(Cmd c) {
        if (c.nameIs("git") && !c.isInfoOnly() && !c.subAt(0, GIT_READS) || c.nameIs("go") && c.subAt(0, GO_SOURCE_CHANGING)) {
            return true;
        }
        if (Words.setOf(Cmd.DECLARERS).contains(c.getName()) && !plainEnvironment(c.positionals(""))) {
            return true;
        }
        return !FileProvenance.writesNoContent(c) && (!c.getWriteTargets().isEmpty() || !c.fetchedFiles().isEmpty() || c.isClonesRepository());
    }

    /** True when every {@code NAME=value} (or bare {@code NAME}) names a {@link #PLAIN_BUILD_ENVIRONMENT} setting. */
    private static boolean plainEnvironment(List<String> assignments) {
        for (String a : assignments) {
            int eq = a.indexOf('=');
            if (!PLAIN_BUILD_ENVIRONMENT.contains(eq < 0 ? a : a.substring(0, eq))) {
                return false;
            }
        }
        return true;
    }

    /** True when the compiler's sources are named, literal files: no standard input, computed word or device. */
    private static boolean compilesNamedFilesOnly(Cmd compiler) {
        if (compiler.isDynamicArgs() || compiler.getStage() > 0 || compiler.isHasStdinText() || compiler.isStdinRedirected()) {
            return false;
        }
        for (String a : compiler.getArgs()) {
            if (Regex.matches(a, JOINED_STREAM)) {
                return false;
            }
            for (String p : STREAM_PREFIXES) {
                if (a.equals(p) || p.endsWith("/") && a.startsWith(p)) {
                    return false;
                }
            }
        }
        return true;
    }
}
