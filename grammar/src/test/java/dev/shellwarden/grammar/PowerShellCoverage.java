package dev.shellwarden.grammar;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Coverage report of the PowerShell splitter on JSON Lines command sets (each row has a
 * {@code cmd} string): rows that parse, rows whose every segment is static, opaque segments by
 * reason, and the slowest row. Run by {@code scripts/grammar-coverage-powershell}.
 *
 * <p>Arguments: {@code [--shell=NAME] [--show=REASON] file…}; {@code --shell} keeps only rows whose
 * {@code shell} field equals NAME, {@code --show} prints the rows with an opaque segment of that
 * reason (or {@code ALL}).
 */
public final class PowerShellCoverage {

    private PowerShellCoverage() {
    }

    /** Entry point. */
    public static void main(String[] args) throws IOException {
        String shellArg = null;
        String showArg = null;
        List<Path> files = new ArrayList<>();
        for (String a : args) {
            if (a.startsWith("--shell=")) {
                shellArg = a.substring(8);
            } else if (a.startsWith("--show=")) {
                showArg = a.substring(7);
            } else {
                files.add(Path.of(a));
            }
        }
        final String shell = shellArg;
        final String show = showArg;
        PowerShellSplitter splitter = new PowerShellSplitter();
        // Warm up so the timing reflects steady state, not class loading.
        for (int i = 0; i < 200; i++) {
            splitter.split("Get-ChildItem -Path C:\\x | Where-Object { $_.Length -gt 1kb }");
        }
        for (Path file : files) {
            int rows = 0;
            int parsed = 0;
            int staticRows = 0;
            int segments = 0;
            long slowest = 0;
            String slowestRow = "";
            Map<OpaqueReason, Integer> byReason = new EnumMap<>(OpaqueReason.class);
            Map<OpaqueReason, Integer> rowsByReason = new EnumMap<>(OpaqueReason.class);
            long start = System.nanoTime();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                if (shell != null && !shell.equals(GrammarCoverage.field(line, "shell"))) {
                    continue;
                }
                String cmd = GrammarCoverage.field(line, "cmd");
                if (cmd == null) {
                    continue;
                }
                rows++;
                long t0 = System.nanoTime();
                SplitResult r = splitter.split(cmd);
                long took = System.nanoTime() - t0;
                if (took > slowest) {
                    slowest = took;
                    slowestRow = cmd;
                }
                boolean syntax = false;
                java.util.Set<OpaqueReason> seen = java.util.EnumSet.noneOf(OpaqueReason.class);
                for (Segment s : r.segments()) {
                    segments++;
                    for (OpaqueReason reason : s.opaqueReasons()) {
                        byReason.merge(reason, 1, Integer::sum);
                        seen.add(reason);
                    }
                    // Only a top-level syntax error means the row did not parse.
                    syntax |= s.depth() == 0 && s.opaqueReasons().contains(OpaqueReason.SYNTAX_ERROR);
                }
                for (OpaqueReason reason : seen) {
                    rowsByReason.merge(reason, 1, Integer::sum);
                }
                if (!syntax) {
                    parsed++;
                }
                if (r.isStatic()) {
                    staticRows++;
                }
                if (show != null && (show.equals("ALL") ? !r.isStatic()
                        : seen.stream().anyMatch(x -> x.name().equals(show)))) {
                    System.out.println("## " + cmd.replace("\n", "\\n"));
                    for (String l : SegmentFormat.lines(r)) {
                        System.out.println("   " + l);
                    }
                }
            }
            long total = System.nanoTime() - start;
            System.out.printf("%s%s%n", file.getFileName(), shell == null ? "" : " (shell=" + shell + ")");
            System.out.printf("  rows %d, parsed %d (%.1f %%), all-static %d (%.1f %%), segments %d%n",
                    rows, parsed, pct(parsed, rows), staticRows, pct(staticRows, rows), segments);
            System.out.printf("  syntax errors (rows) %d%n", rows - parsed);
            for (Map.Entry<OpaqueReason, Integer> e : rowsByReason.entrySet()) {
                System.out.printf("  opaque %-22s rows %5d, segments %5d%n", e.getKey(), e.getValue(),
                        byReason.get(e.getKey()));
            }
            System.out.printf("  time total %.1f ms, mean %.3f ms/row, slowest row %.2f ms: %s%n",
                    total / 1e6, rows == 0 ? 0 : total / 1e6 / rows, slowest / 1e6,
                    slowestRow.length() > 60 ? slowestRow.substring(0, 60).replace("\n", "\\n") + "…"
                            : slowestRow.replace("\n", "\\n"));
        }
    }

    private static double pct(int a, int b) {
        return b == 0 ? 0 : 100.0 * a / b;
    }
}
