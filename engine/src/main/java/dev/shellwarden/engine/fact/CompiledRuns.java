package dev.shellwarden.engine.fact;

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
            "rustc", List.of("-C", "--codegen", "-Z", "--extern", "-L", "--sysroot", "-l"),
            "go", List.of("-toolexec", "--toolexec", "-exec", "--exec", "-overlay", "--overlay", "-modfile", "--modfile",
                    "-C", "-pgo", "--pgo", "-gcflags", "--gcflags", "-asmflags", "--asmflags"));

    /** Go linker flags that only strip symbols or set a string variable: any other (-extld, -extldflags, -r…) asks. */
    private static final Set<String> PLAIN_GO_LINK_FLAGS = Set.of("-s", "-w", "-X");

    /** The C family's options that run or load another program (plugins, wrappers, a spec or tool folder, linker options). */
    private static final class CcFamily {
        static final List<String> OPTIONS = List.of("-fplugin", "-fpass-plugin", "-B", "-wrapper", "-specs", "--specs",
                "-Xclang", "-Xlinker", "-Wl,", "-fuse-ld", "--ld-path", "-load", "--sysroot", "-isysroot", "@");
    }

    /** Words that stand for standard input, a device or another process's output as a source. */
    private static final Set<String> STREAM_PREFIXES = Set.of("-", "/dev/", "/proc/");

    /**
     * True when {@code run} runs the {@code -o} output of {@code compiler}, a compiler reading only
     * named files with no option that loads code, and that output is the compiler's only write.
     */
    static boolean runsOwnBuildOf(Cmd run, Cmd compiler, Ctx ctx) {
        List<String> loading = CODE_LOADING_OPTIONS.get(compiler.getName());
        if (loading == null || !compilesNamedFilesOnly(compiler) || !FileProvenance.runsFileWrittenBy(run, compiler, ctx)) {
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
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String value = a.equals("-ldflags") || a.equals("--ldflags") ? i + 1 < args.size() ? args.get(i + 1) : ""
                    : a.startsWith("-ldflags=") || a.startsWith("--ldflags=") ? a.substring(a.indexOf('=') + 1) : null;
            if (value == null) {
                continue;
            }
            String prev = "";
            for (String w : value.trim().split("\\s+")) {
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
     * True when {@code c} stores file content: a write (not a mode, time or empty folder), a download
     * or a clone. Any such segment beside a compile-then-run may have written what the compiler reads.
     */
    static boolean storesFiles(Cmd c) {
        return !FileProvenance.writesNoContent(c) && (!c.getWriteTargets().isEmpty() || !c.fetchedFiles().isEmpty() || c.isClonesRepository());
    }

    /** True when the compiler's sources are named, literal files: no standard input, computed word or device. */
    private static boolean compilesNamedFilesOnly(Cmd compiler) {
        if (compiler.isDynamicArgs() || compiler.getStage() > 0 || compiler.isHasStdinText() || compiler.isStdinRedirected()) {
            return false;
        }
        for (String a : compiler.getArgs()) {
            for (String p : STREAM_PREFIXES) {
                if (a.equals(p) || p.endsWith("/") && a.startsWith(p)) {
                    return false;
                }
            }
        }
        return true;
    }
}
