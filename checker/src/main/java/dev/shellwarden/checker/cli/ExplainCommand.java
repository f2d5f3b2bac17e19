package dev.shellwarden.checker.cli;

import dev.shellwarden.checker.Checker;
import dev.shellwarden.checker.config.CheckerConfig;
import dev.shellwarden.engine.CommandDecision;
import dev.shellwarden.engine.Engine;
import dev.shellwarden.engine.Finding;
import dev.shellwarden.engine.Mode;
import dev.shellwarden.engine.RuleBook;
import dev.shellwarden.engine.Verdict;
import dev.shellwarden.engine.fact.Category;
import dev.shellwarden.grammar.Redirect;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Shell;
import dev.shellwarden.grammar.Word;
import dev.shellwarden.grammar.json.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shell-warden explain}: shows how a command got its verdict: the segments (argv,
 * provenance, wrappers, static or opaque and why), the categories, every rule that fired with its
 * finding, the merge per segment, and the final verdict and message. Readable by default (colour
 * only on a terminal), {@code --json} for tools.
 */
@Command(name = "explain", mixinStandardHelpOptions = true, versionProvider = BuildInfo.class,
        description = {"Show why a command gets its verdict.", "Example: shell-warden explain -- 'rm -rf / && ls'"})
final class ExplainCommand implements Callable<Integer> {

    private final Cli.Io io;

    @Mixin
    private PolicyOptions policy = new PolicyOptions();

    @Option(names = "--shell", paramLabel = "bash|powershell", description = "how the command is parsed (default: the config's, else bash)")
    private String shell;

    @Option(names = "--mode", paramLabel = "loose|hard", description = "the mode (default: the config's, else loose)")
    private String mode;

    @Option(names = "--project", paramLabel = "DIR", description = "the project directory (default: the working directory)")
    private String project;

    @Option(names = "--cwd", paramLabel = "DIR", description = "the command's working directory (default: the project)")
    private String cwd;

    @Option(names = "--background", description = "the client runs the command in the background (Claude Code's run_in_background)")
    private boolean background;

    @Option(names = "--json", description = "one JSON object instead of text")
    private boolean json;

    @Parameters(paramLabel = "COMMAND", arity = "1..*", description = "the command (words are joined by spaces; quote it after --)")
    private List<String> command;

    ExplainCommand(Cli.Io io) {
        this.io = io;
    }

    @Override
    public Integer call() throws Exception {
        CheckerConfig cfg = policy.config(io.err());
        if (shell != null) {
            cfg = cfg.withShell(switch (shell) {
                case "bash" -> Shell.BASH;
                case "powershell" -> Shell.POWERSHELL;
                default -> throw new Cli.UsageError("--shell must be bash or powershell, got `" + shell + "`");
            });
        }
        if (mode != null) {
            cfg = cfg.withMode(switch (mode) {
                case "loose" -> Mode.LOOSE;
                case "hard" -> Mode.HARD;
                default -> throw new Cli.UsageError("--mode must be loose or hard, got `" + mode + "`");
            });
        }
        RuleBook book = policy.ruleBook(io.err());
        String projectDir = project != null ? project : Path.of("").toAbsolutePath().toString();
        String raw = String.join(" ", command);
        String dir = cwd != null ? cwd : projectDir;
        List<String> fired = new ArrayList<>();
        CommandDecision d = new Checker(new Engine(book), cfg).decide(raw, projectDir, dir, background, fired::add);
        Map<String, Object> tree = tree(raw, cfg, projectDir, dir, d);
        if (background) {
            tree.put("background", true);
        }
        addSilentRules(tree, book, fired, d);
        if (policy.bundle() != null) {
            tree.put("policy", policyInfo(policy.bundle()));
        }
        if (json) {
            io.out().println(toJson(tree));
        } else {
            io.out().print(text(tree, d, Terminal.colour(1)));
        }
        return 0;
    }

    /** Everything explain shows, as a JSON-ready tree. */
    static Map<String, Object> tree(String raw, CheckerConfig cfg, String project, String cwd, CommandDecision d) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("command", raw);
        t.put("shell", cfg.shell().name().toLowerCase(Locale.ROOT));
        t.put("mode", cfg.mode().wire());
        t.put("project", project);
        t.put("cwd", cwd);
        List<Object> segs = new ArrayList<>();
        for (Segment s : d.segments()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", s.id());
            m.put("parent", s.parent());
            m.put("provenance", s.provenance().name().toLowerCase(Locale.ROOT));
            m.put("wrappers", s.wrappers());
            m.put("argv", s.argv().stream().map(Word::text).toList());
            m.put("assignments", s.assignments().stream().map(Word::text).toList());
            List<Object> redirs = new ArrayList<>();
            for (Redirect r : s.redirects()) {
                redirs.add((r.fd() >= 0 ? String.valueOf(r.fd()) : "") + r.op() + r.target().text());
            }
            m.put("redirects", redirs);
            m.put("static", s.isStatic());
            List<Object> why = new ArrayList<>();
            s.opaqueReasons().stream().sorted().forEach(r -> {
                Map<String, Object> w = new LinkedHashMap<>();
                w.put("reason", r.name());
                w.put("ruleId", r.code());
                w.put("summary", dev.shellwarden.engine.BuiltinRules.forOpaque(r).summary());
                why.add(w);
            });
            m.put("opaque", why);
            segs.add(m);
        }
        t.put("segments", segs);
        List<Object> cats = new ArrayList<>();
        for (Category c : d.categories()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("segment", c.getSeg());
            m.put("name", c.getName());
            cats.add(m);
        }
        t.put("categories", cats);
        List<Object> fired = new ArrayList<>();
        for (Finding f : d.findings()) {
            fired.add(finding(f));
        }
        t.put("fired", fired);
        List<Object> merge = new ArrayList<>();
        for (Finding f : d.segmentVerdicts()) {
            merge.add(finding(f));
        }
        t.put("merge", merge);
        t.put("verdict", d.verdict().wire());
        t.put("ruleId", d.rule().id());
        t.put("rule", d.rule().name());
        t.put("opaque", d.opaque());
        t.put("message", d.message());
        return t;
    }

    /**
     * The rules that fired without a finding: classification rules (they add categories) and
     * decision rules the config turned off. Each once, in firing order.
     */
    static void addSilentRules(Map<String, Object> tree, RuleBook book, List<String> fired, CommandDecision d) {
        List<Object> classifiers = new ArrayList<>();
        List<Object> off = new ArrayList<>();
        for (String name : new java.util.LinkedHashSet<>(fired)) {
            dev.shellwarden.engine.RuleInfo r = book.rule(name);
            if (r == null) {
                continue;
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("ruleId", r.id());
            m.put("rule", r.name());
            if (!r.decides()) {
                classifiers.add(m);
            } else if (d.findings().stream().noneMatch(f -> f.rule().name().equals(name))) {
                off.add(m);
            }
        }
        tree.put("classifiers", classifiers);
        tree.put("offByConfig", off);
    }

    /** The policy bundle in use: where from, its rules, and whether it was built on these built-in rules. */
    private static Map<String, Object> policyInfo(dev.shellwarden.checker.policy.PolicyBundle b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("bundle", b.label());
        m.put("rules", b.property("rules"));
        String against = b.property("builtin.rules.sha256");
        m.put("builtInRulesChanged", !against.isEmpty() && !against.equals(BuildInfo.rulesSha256()));
        return m;
    }

    private static Map<String, Object> finding(Finding f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("segment", f.segment());
        m.put("ruleId", f.rule().id());
        m.put("rule", f.rule().name());
        m.put("family", f.rule().family());
        m.put("verdict", f.verdict().wire());
        m.put("message", f.rule().message());
        return m;
    }

    static String toJson(Object tree) {
        return Json.write(tree);
    }

    /** The readable rendering. */
    @SuppressWarnings("unchecked")
    static String text(Map<String, Object> t, CommandDecision d, boolean colour) {
        StringBuilder b = new StringBuilder();
        b.append("command    ").append(t.get("command").toString().replace("\n", "\n           ")).append('\n');
        b.append("context    shell ").append(t.get("shell")).append(", mode ").append(t.get("mode"))
                .append(", project ").append(t.get("project")).append(", cwd ").append(t.get("cwd"))
                .append(t.containsKey("background") ? ", in the client's background" : "").append('\n');
        if (t.get("policy") instanceof Map<?, ?> p) {
            b.append("policy     ").append(p.get("bundle"));
            if (!p.get("rules").toString().isEmpty()) {
                b.append(" (").append(p.get("rules").toString().replace(",", ", ")).append(')');
            }
            if (Boolean.TRUE.equals(p.get("builtInRulesChanged"))) {
                b.append("; compiled against other built-in rules: run its tests again and recompile");
            }
            b.append('\n');
        }
        b.append("\nsegments\n");
        if (d.segments().isEmpty()) {
            b.append("  (none: the text runs nothing)\n");
        }
        for (Object o : (List<Object>) t.get("segments")) {
            Map<String, Object> s = (Map<String, Object>) o;
            b.append("  #").append(s.get("id")).append(' ').append(s.get("provenance"));
            if ((int) s.get("parent") >= 0) {
                b.append(" in #").append(s.get("parent"));
            }
            b.append("  ").append((boolean) s.get("static") ? "static" : paint("opaque", "33", colour)).append('\n');
            b.append("     argv        ").append(words((List<Object>) s.get("argv"))).append('\n');
            line(b, "wrappers", (List<Object>) s.get("wrappers"));
            line(b, "assignments", (List<Object>) s.get("assignments"));
            line(b, "redirects", (List<Object>) s.get("redirects"));
            for (Object w : (List<Object>) s.get("opaque")) {
                Map<String, Object> why = (Map<String, Object>) w;
                b.append("     opaque      ").append(why.get("reason")).append(" (").append(why.get("ruleId"))
                        .append("): ").append(why.get("summary")).append('\n');
            }
        }
        b.append("\ncategories\n");
        if (d.categories().isEmpty()) {
            b.append("  (none)\n");
        }
        for (Category c : d.categories()) {
            b.append("  #").append(c.getSeg()).append(' ').append(c.getName()).append('\n');
        }
        b.append("\nrules fired\n");
        if (d.findings().isEmpty() && ((List<Object>) t.getOrDefault("classifiers", List.of())).isEmpty()
                && ((List<Object>) t.getOrDefault("offByConfig", List.of())).isEmpty()) {
            b.append("  (none)\n");
        }
        for (Finding f : d.findings()) {
            b.append("  ").append(paint(pad(f.verdict().wire(), 5), verdictColour(f.verdict()), colour)).append(' ')
                    .append(f.rule().name()).append(f.segment() >= 0 ? "  on #" + f.segment() : "  on the whole command")
                    .append('\n');
            if (!f.rule().message().isEmpty()) {
                b.append("        ").append(f.rule().message()).append('\n');
            }
        }
        for (Object o : (List<Object>) t.getOrDefault("classifiers", List.of())) {
            b.append("  class ").append(((Map<String, Object>) o).get("rule")).append("  (adds categories)\n");
        }
        for (Object o : (List<Object>) t.getOrDefault("offByConfig", List.of())) {
            b.append("  off   ").append(((Map<String, Object>) o).get("rule")).append("  (turned off by the config)\n");
        }
        b.append("\nmerge      worst finding per segment, worst segment wins (allow < ask < deny)\n");
        for (Finding f : d.segmentVerdicts()) {
            b.append("  #").append(f.segment()).append(' ')
                    .append(paint(pad(f.verdict().wire(), 5), verdictColour(f.verdict()), colour)).append(' ')
                    .append(f.rule().name()).append('\n');
        }
        b.append("\nverdict    ").append(paint(d.verdict().wire(), verdictColour(d.verdict()), colour))
                .append("  (").append(d.rule().name()).append(")\n");
        if (!d.message().isEmpty()) {
            b.append("message    ").append(d.message()).append('\n');
        }
        return b.toString();
    }

    private static void line(StringBuilder b, String label, List<Object> items) {
        if (!items.isEmpty()) {
            b.append("     ").append(pad(label, 12)).append(words(items)).append('\n');
        }
    }

    /** Words as a shell would need them typed: plain when safe, else single-quoted. */
    private static String words(List<Object> items) {
        List<String> out = new ArrayList<>();
        for (Object o : items) {
            String w = o.toString();
            out.add(w.matches("[A-Za-z0-9_./:=@%+,-]+") ? w : Word.singleQuoted(w));
        }
        return String.join(" ", out);
    }

    private static String pad(String s, int n) {
        return s.length() >= n ? s : s + " ".repeat(n - s.length());
    }

    private static String verdictColour(Verdict v) {
        return switch (v) {
            case ALLOW -> "32";
            case ASK -> "33";
            case DENY -> "31";
        };
    }

    private static String paint(String s, String code, boolean colour) {
        return colour ? "\u001b[" + code + "m" + s + "\u001b[0m" : s;
    }
}
