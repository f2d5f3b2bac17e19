package dev.shellwarden.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellwarden.checker.Checker;
import dev.shellwarden.checker.cases.Case;
import dev.shellwarden.checker.config.CheckerConfig;
import dev.shellwarden.engine.CommandDecision;
import dev.shellwarden.engine.Engine;
import dev.shellwarden.engine.Mode;
import dev.shellwarden.engine.Overlay;
import dev.shellwarden.engine.RuleBook;
import dev.shellwarden.engine.Verdict;
import dev.shellwarden.grammar.Shell;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The evaluation command ({@code scripts/evaluate}): runs the external command sets through the
 * real {@link Checker} and prints agreement with the peers, false-positive rates on everyday
 * commands and GTFOBins recall; every disagreement goes to {@code corpus/target/evaluation/} for
 * review. With {@code --cmd TEXT} it explains one command in both modes instead.
 */
public final class Evaluate {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Engine engine;
    private final Path out;

    private Evaluate(Engine engine, Path out) {
        this.engine = engine;
        this.out = out;
    }

    /** Entry point: {@code Evaluate [EXTERNAL_DIR] [OUT_DIR]} or {@code Evaluate --cmd TEXT [--ps]}. */
    public static void main(String[] args) throws IOException {
        Engine engine = new Engine(RuleBook.builtIn(Evaluate.class.getClassLoader()));
        if (args.length >= 2 && args[0].equals("--cmd")) {
            Shell shell = args.length > 2 && args[2].equals("--ps") ? Shell.POWERSHELL : Shell.BASH;
            decide(engine, Mode.LOOSE, shell, args[1]).segments().forEach(s -> System.out.println("segment " + s.id()
                    + " parent " + s.parent() + " " + s.provenance() + " wrappers " + s.wrappers() + " argv "
                    + s.argv().stream().map(w -> w.text() + (w.literal() ? "" : "(dyn)")).toList() + " opaque " + s.opaqueReasons()));
            for (Mode m : Mode.values()) {
                CommandDecision d = decide(engine, m, shell, args[1]);
                System.out.println(m.wire() + ": " + d.verdict().wire() + " " + d.rule().id() + "  " + d.message());
                d.findings().forEach(f -> System.out.println("    fired " + f.rule().id() + " " + f.verdict().wire() + " @" + f.segment()));
            }
            return;
        }
        // The shared sets stand beside the repository (../shared) in every checkout this project is
        // built in; an explicit argument wins.
        Path beside = Path.of("..", "shared", "corpus", "external").toAbsolutePath().normalize();
        Path external = args.length > 0 ? Path.of(args[0])
                : java.nio.file.Files.isDirectory(beside) ? beside : Path.of("/work/shared/corpus/external");
        Path out = Path.of(args.length > 1 ? args[1] : "corpus/target/evaluation");
        Files.createDirectories(out);
        new Evaluate(engine, out).run(external);
    }

    private static CommandDecision decide(Engine engine, Mode mode, Shell shell, String cmd) {
        return new Checker(engine, new CheckerConfig(mode, shell, Overlay.NONE, List.of()))
                .decide(cmd, Case.DEFAULT_PROJECT, Case.DEFAULT_PROJECT);
    }

    private void run(Path external) throws IOException {
        long start = System.nanoTime();
        peer(external.resolve("peer_dcg.jsonl"), "dcg", row -> !row.has("pack") || row.get("pack").isNull());
        // dcg's opt-in packs (service CLIs: brokers, secret stores, gateways, CI servers…) answer
        // for teams that switch them on; measured apart so the default-set figure stays comparable.
        peer(external.resolve("peer_dcg.jsonl"), "dcg-packs", row -> row.has("pack") && !row.get("pack").isNull());
        peer(external.resolve("peer_cc_safety_net.jsonl"), "cc-safety-net",
                row -> !row.has("env") && !row.has("custom_rules") && !row.path("cwd_dependent").asBoolean(false));
        everyday(external.resolve("tldr.jsonl"), "tldr", row -> !row.path("destructive_hint").asBoolean(false));
        everyday(external.resolve("nl2bash.dev.jsonl"), "nl2bash", row -> true);
        gtfobins(external.resolve("gtfobins.dev.jsonl"));
        lolbas(external.resolve("lolbas.dev.jsonl"));
        System.out.printf(Locale.ROOT, "%nelapsed %.1f s; disagreements in %s%n", (System.nanoTime() - start) / 1e9, out);
    }

    private interface RowFilter {
        boolean keep(JsonNode row);
    }

    private List<JsonNode> rows(Path file, RowFilter filter) throws IOException {
        List<JsonNode> rows = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode row = JSON.readTree(line);
            if (filter.keep(row)) {
                rows.add(row);
            }
        }
        return rows;
    }

    /** Peers say allow or deny; agreement counts our ask or deny as agreeing with their deny. */
    private void peer(Path file, String label, RowFilter filter) throws IOException {
        List<JsonNode> rows = rows(file, filter);
        Map<String, int[]> table = new TreeMap<>();
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out.resolve(label + "-disagreements.tsv")))) {
            w.println("peer\tloose\thard\trule\tcmd");
            for (JsonNode row : rows) {
                String cmd = row.get("cmd").asText();
                String expect = row.get("expect").asText();
                CommandDecision loose = decide(engine, Mode.LOOSE, Shell.BASH, cmd);
                CommandDecision hard = decide(engine, Mode.HARD, Shell.BASH, cmd);
                table.computeIfAbsent(expect, k -> new int[3])[loose.verdict().ordinal()]++;
                boolean agree = expect.equals("deny") ? loose.verdict() != Verdict.ALLOW : loose.verdict() == Verdict.ALLOW;
                if (!agree) {
                    w.println(expect + "\t" + loose.verdict().wire() + "\t" + hard.verdict().wire() + "\t" + loose.rule().id() + "\t"
                            + cmd.replace("\n", "\\n").replace("\t", "\\t"));
                }
            }
        }
        int agree = 0;
        System.out.printf(Locale.ROOT, "%n== %s (%d rows), LOOSE verdicts by peer label%n", label, rows.size());
        System.out.printf(Locale.ROOT, "%-8s %7s %7s %7s%n", "peer", "allow", "ask", "deny");
        for (Map.Entry<String, int[]> e : table.entrySet()) {
            int[] v = e.getValue();
            System.out.printf(Locale.ROOT, "%-8s %7d %7d %7d%n", e.getKey(), v[0], v[1], v[2]);
            agree += e.getKey().equals("deny") ? v[1] + v[2] : v[0];
        }
        System.out.printf(Locale.ROOT, "agreement (peer deny = our ask|deny, peer allow = our allow): %.1f %%%n", 100.0 * agree / rows.size());
    }

    private void everyday(Path file, String label, RowFilter filter) throws IOException {
        List<JsonNode> rows = rows(file, filter);
        Map<Mode, int[]> counts = new EnumMap<>(Mode.class);
        Map<String, Integer> byRule = new TreeMap<>();
        int noSudo = 0;
        int noSudoAsk = 0;
        int denyNotSlow = 0;
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out.resolve(label + "-flagged.tsv")))) {
            w.println("loose\thard\trule\tcmd");
            for (JsonNode row : rows) {
                String cmd = row.get("cmd").asText();
                CommandDecision loose = decide(engine, Mode.LOOSE, Shell.BASH, cmd);
                CommandDecision hard = decide(engine, Mode.HARD, Shell.BASH, cmd);
                counts.computeIfAbsent(Mode.LOOSE, k -> new int[3])[loose.verdict().ordinal()]++;
                if (!cmd.startsWith("sudo ")) {
                    noSudo++;
                    noSudoAsk += loose.verdict() == Verdict.ASK ? 1 : 0;
                }
                denyNotSlow += loose.verdict() == Verdict.DENY && !loose.rule().family().equals("slow") ? 1 : 0;
                counts.computeIfAbsent(Mode.HARD, k -> new int[3])[hard.verdict().ordinal()]++;
                if (loose.verdict() != Verdict.ALLOW) {
                    byRule.merge(loose.rule().id() + " " + loose.verdict().wire(), 1, Integer::sum);
                    w.println(loose.verdict().wire() + "\t" + hard.verdict().wire() + "\t" + loose.rule().id() + "\t"
                            + cmd.replace("\n", "\\n").replace("\t", "\\t"));
                }
            }
        }
        System.out.printf(Locale.ROOT, "%n== %s (%d rows not flagged destructive)%n", label, rows.size());
        for (Mode m : Mode.values()) {
            int[] v = counts.getOrDefault(m, new int[3]);
            System.out.printf(Locale.ROOT, "%-5s allow %5.1f %%  ask %5.1f %%  deny %5.2f %%%n", m.wire(),
                    100.0 * v[0] / rows.size(), 100.0 * v[1] / rows.size(), 100.0 * v[2] / rows.size());
        }
        System.out.printf(Locale.ROOT, "LOOSE ask without rows that start with sudo (%d rows): %.1f %%%n", noSudo, 100.0 * noSudoAsk / Math.max(1, noSudo));
        System.out.printf(Locale.ROOT, "LOOSE deny outside the slow family: %.2f %%%n", 100.0 * denyNotSlow / rows.size());
        System.out.println("LOOSE ask/deny by deciding rule (top 12):");
        byRule.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(12)
                .forEach(e -> System.out.printf(Locale.ROOT, "  %-14s %5d%n", e.getKey(), e.getValue()));
    }

    private void gtfobins(Path file) throws IOException {
        List<JsonNode> rows = rows(file, row -> row.path("risk").asText().equals("exec"));
        int[] v = new int[3];
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out.resolve("gtfobins-allowed.tsv")))) {
            for (JsonNode row : rows) {
                String cmd = row.get("cmd").asText();
                CommandDecision d = decide(engine, Mode.LOOSE, Shell.BASH, cmd);
                v[d.verdict().ordinal()]++;
                if (d.verdict() == Verdict.ALLOW) {
                    w.println(cmd.replace("\n", "\\n"));
                }
            }
        }
        System.out.printf(Locale.ROOT, "%n== gtfobins risk=exec (%d rows), LOOSE: allow %d, ask %d, deny %d%n", rows.size(), v[0], v[1], v[2]);
    }

    /**
     * LOLBAS (Windows programs that download, run code, dump memory or hide data) read as
     * PowerShell, the shell an agent has on Windows, by technique. Not a never-allow set: a signed
     * tool running a local project file is what running that file is (allowed in LOOSE like
     * {@code ./tool}); fetching from a URL or share, dumping a process and alternate data streams
     * are what the rules must catch.
     */
    private void lolbas(Path file) throws IOException {
        List<JsonNode> rows = rows(file, row -> true);
        Map<String, int[]> byCategory = new TreeMap<>();
        int[] hard = new int[3];
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out.resolve("lolbas-allowed.tsv")))) {
            w.println("category\thard\tcmd");
            for (JsonNode row : rows) {
                String cmd = row.get("cmd").asText();
                String category = row.path("category").asText("?");
                CommandDecision loose = decide(engine, Mode.LOOSE, Shell.POWERSHELL, cmd);
                CommandDecision strict = decide(engine, Mode.HARD, Shell.POWERSHELL, cmd);
                byCategory.computeIfAbsent(category, k -> new int[3])[loose.verdict().ordinal()]++;
                hard[strict.verdict().ordinal()]++;
                if (loose.verdict() == Verdict.ALLOW) {
                    w.println(category + "\t" + strict.verdict().wire() + "\t" + cmd.replace("\n", "\\n").replace("\t", "\\t"));
                }
            }
        }
        int[] all = new int[3];
        byCategory.values().forEach(v -> {
            for (int i = 0; i < 3; i++) {
                all[i] += v[i];
            }
        });
        System.out.printf(Locale.ROOT, "%n== lolbas as PowerShell (%d rows), LOOSE: allow %d, ask %d, deny %d; HARD allow %d%n",
                rows.size(), all[0], all[1], all[2], hard[0]);
        byCategory.forEach((c, v) -> System.out.printf(Locale.ROOT, "  %-15s allow %3d  ask %3d  deny %3d%n", c, v[0], v[1], v[2]));
    }
}
