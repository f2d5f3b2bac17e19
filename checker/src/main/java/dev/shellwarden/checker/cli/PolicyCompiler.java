package dev.shellwarden.checker.cli;

import dev.shellwarden.engine.RuleInfo;
import dev.shellwarden.engine.Verdict;
import dev.shellwarden.grammar.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.drools.compiler.kie.builder.impl.InternalKieModule;
import org.drools.drl.ast.descr.AnnotationDescr;
import org.drools.drl.ast.descr.BaseDescr;
import org.drools.drl.ast.descr.PackageDescr;
import org.drools.drl.ast.descr.RuleDescr;
import org.drools.drl.parser.DrlParser;
import org.drools.drl.parser.DroolsError;
import org.drools.drl.parser.DroolsParserException;
import org.drools.drl.parser.ParserError;
import org.drools.model.codegen.ExecutableModelProject;
import org.kie.api.KieServices;
import org.kie.api.builder.KieBuilder;
import org.kie.api.builder.KieFileSystem;
import org.kie.api.builder.Message;

/**
 * Compiles a policy author's rules folder to Drools' executable model, in memory: parses every
 * {@code .drl}, checks each rule's metadata against the project conventions, builds the generated
 * model classes against the fact classes of this very executable, and collects the folder's
 * {@code .cases}. Every problem is a {@link Diagnostic} with the file, line and column.
 *
 * <p>WHY parse before building: Drools' builder reports syntax errors but knows nothing of
 * shell-warden's metadata; the parsed descriptors give each rule's and annotation's position.
 */
final class PolicyCompiler {

    /** Where the author's files go in the in-memory project; messages are mapped back. */
    private static final String SRC = "src/main/resources/";

    /**
     * Drools' generated project descriptor: not needed to run the models, and a class of the same
     * name in another bundle or the executable would clash.
     */
    private static final String PROJECT_MODEL = "org/drools/project/model/";

    private PolicyCompiler() {
    }

    /** One author rule, as parsed. */
    record AuthorRule(String id, String name, String file, int line, boolean decides) {
    }

    /**
     * What came out of a compilation.
     *
     * @param errors   problems that stop the bundle; empty on success
     * @param warnings problems worth fixing that do not stop it
     * @param classes  the generated classes, by binary name
     * @param models   the generated model classes to instantiate
     * @param rules    the author's rules
     * @param cases    the folder's {@code .cases} files, by relative path
     */
    record Result(List<Diagnostic> errors, List<Diagnostic> warnings, Map<String, byte[]> classes,
            List<String> models, List<AuthorRule> rules, Map<String, String> cases) {

        boolean ok() {
            return errors.isEmpty();
        }
    }

    /**
     * Compiles the {@code .drl} files under {@code dir}; {@code builtInIds} are the ids already
     * taken by the executable's rules.
     */
    static Result compile(Path dir, Set<String> builtInIds) throws IOException {
        List<Diagnostic> errors = new ArrayList<>();
        List<Diagnostic> warnings = new ArrayList<>();
        List<AuthorRule> rules = new ArrayList<>();
        Map<String, String> cases = new TreeMap<>();
        Map<String, String> drl = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                String rel = dir.relativize(f).toString().replace('\\', '/');
                if (rel.endsWith(".drl")) {
                    drl.put(rel, Files.readString(f, StandardCharsets.UTF_8));
                } else if (rel.endsWith(".cases")) {
                    cases.put(rel, Files.readString(f, StandardCharsets.UTF_8));
                }
            }
        }
        if (drl.isEmpty()) {
            errors.add(new Diagnostic(dir.toString(), 1, 1, "no .drl files in the rules folder"));
            return new Result(errors, warnings, Map.of(), List.of(), rules, cases);
        }
        Map<String, String> ids = new HashMap<>();
        for (Map.Entry<String, String> e : drl.entrySet()) {
            String file = label(dir, e.getKey());
            check(file, e.getValue(), builtInIds, ids, rules, errors, warnings);
        }
        if (!errors.isEmpty()) {
            return new Result(errors, warnings, Map.of(), List.of(), rules, cases);
        }
        return build(dir, drl, rules, cases, warnings);
    }

    /** The parser's message without its own "[ERR 102] Line 7:0" prefix (the position is printed already). */
    private static String parserMessage(String m) {
        return Json.oneLine(m).replaceFirst("^\\[ERR \\d+\\] Line \\d+:\\d+ ", "");
    }

    private static String label(Path dir, String rel) {
        return dir.resolve(rel).toString();
    }

    /** Parses one file and checks its package and each rule's metadata. */
    private static void check(String file, String text, Set<String> builtInIds, Map<String, String> ids,
            List<AuthorRule> rules, List<Diagnostic> errors, List<Diagnostic> warnings) {
        DrlParser parser = new DrlParser();
        PackageDescr pkg;
        try {
            pkg = parser.parse(false, text);
        } catch (DroolsParserException e) {
            errors.add(new Diagnostic(file, e.getLineNumber(), e.getColumn(), parserMessage(e.getMessage())));
            return;
        }
        if (parser.hasErrors() || pkg == null) {
            for (DroolsError err : parser.getErrors()) {
                if (err instanceof ParserError p) {
                    errors.add(new Diagnostic(file, p.getRow(), p.getCol() + 1, parserMessage(p.getMessage())));
                } else {
                    int[] lines = err.getLines();
                    errors.add(new Diagnostic(file, lines.length > 0 ? lines[0] : 1, 1, Json.oneLine(err.getMessage())));
                }
            }
            if (errors.isEmpty()) {
                errors.add(new Diagnostic(file, 1, 1, "the file does not parse as DRL"));
            }
            return;
        }
        String pkgName = pkg.getName() == null ? "" : pkg.getName();
        if (pkgName.isEmpty()) {
            errors.add(new Diagnostic(file, 1, 1, "no package: start the file with `package com.example.policy;`"));
        } else if (pkgName.equals("dev.shellwarden") || pkgName.startsWith("dev.shellwarden.")) {
            errors.add(at(file, pkg, "package `" + pkgName + "` belongs to shell-warden: use your own, e.g. `com.example.policy`"));
        }
        for (RuleDescr r : pkg.getRules()) {
            checkRule(file, r, builtInIds, ids, rules, errors, warnings);
        }
    }

    private static void checkRule(String file, RuleDescr r, Set<String> builtInIds, Map<String, String> ids,
            List<AuthorRule> rules, List<Diagnostic> errors, List<Diagnostic> warnings) {
        String name = r.getName();
        String where = "rule \"" + name + "\"";
        String id = value(r, "id");
        boolean valid = true;
        if (id.isEmpty()) {
            errors.add(at(file, r, where + " has no @id: give it a stable id such as @id(\"ACME0001\")"));
            valid = false;
        } else if (!id.matches(RuleInfo.ID_PATTERN)) {
            errors.add(at(file, ann(r, "id"), where + ": @id(\"" + id + "\") must be 2 to 8 capitals and 4 digits, e.g. ACME0001"));
            valid = false;
        } else if (id.startsWith("SW")) {
            errors.add(at(file, ann(r, "id"), where + ": ids starting with SW belong to the built-in rules: use your own prefix, e.g. ACME0001"));
            valid = false;
        } else if (builtInIds.contains(id)) {
            errors.add(at(file, ann(r, "id"), where + ": id " + id + " is already a built-in rule's"));
            valid = false;
        } else if (ids.containsKey(id)) {
            errors.add(at(file, ann(r, "id"), where + ": id " + id + " is also used by " + ids.get(id)));
            valid = false;
        } else {
            ids.put(id, where + " (" + file + ":" + r.getLine() + ")");
        }
        if (valid && !name.startsWith(id + " ")) {
            errors.add(at(file, r, where + ": the rule name must start with its id and a space: \"" + id + " " + name + "\""));
        }
        if (value(r, "summary").isEmpty()) {
            errors.add(at(file, r, where + " has no @summary: say in one line what it matches"));
        }
        String family = value(r, "family");
        String verdict = value(r, "verdict");
        String hard = value(r, "hard");
        Verdict loose = verdict(file, r, "verdict", verdict, errors);
        Verdict hardV = verdict(file, r, "hard", hard, errors);
        if (verdict.isEmpty() && !hard.isEmpty()) {
            errors.add(at(file, ann(r, "hard"), where + ": @hard needs a @verdict (the LOOSE verdict) too"));
        }
        boolean asksOrDenies = loose != null && loose != Verdict.ALLOW || hardV != null && hardV != Verdict.ALLOW;
        String message = value(r, "message");
        if (asksOrDenies) {
            if (message.isEmpty()) {
                errors.add(at(file, r, where + " asks or denies but has no @message: say what was found and what to do instead"));
            } else if (message.contains("\n") || message.endsWith(".") || !message.contains(":")) {
                warnings.add(at(file, ann(r, "message"), where + ": @message should be one line, without a final period,"
                        + " saying what to do instead after a colon"));
            }
        }
        if (RuleInfo.FLOOR.equals(family) && (loose != Verdict.DENY || hardV != null && hardV != Verdict.DENY)) {
            errors.add(at(file, r, where + ": a floor rule must deny in both modes"));
        }
        if ((loose == Verdict.DENY || hardV == Verdict.DENY) && value(r, "alternative").isEmpty()) {
            warnings.add(at(file, r, where + " denies without an @alternative: name the command to run instead"));
        }
        String shell = value(r, "shell");
        if (!shell.isEmpty() && !shell.equals("bash") && !shell.equals("powershell")) {
            errors.add(at(file, ann(r, "shell"), where + ": @shell must be \"bash\" or \"powershell\""));
        }
        rules.add(new AuthorRule(id, name, file, r.getLine(), loose != null));
    }

    private static Verdict verdict(String file, RuleDescr r, String key, String v, List<Diagnostic> errors) {
        if (v.isEmpty()) {
            return null;
        }
        try {
            return Verdict.parse(v);
        } catch (IllegalArgumentException e) {
            errors.add(at(file, ann(r, key), "rule \"" + r.getName() + "\": @" + key + "(\"" + v
                    + "\") must be allow, ask or deny"));
            return null;
        }
    }

    private static String value(RuleDescr r, String key) {
        AnnotationDescr a = r.getAnnotation(key);
        if (a == null) {
            return "";
        }
        Object v = a.getSingleValue();
        String s = v == null ? "" : v.toString().trim();
        if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
            s = s.substring(1, s.length() - 1);
        }
        return s;
    }

    private static BaseDescr ann(RuleDescr r, String key) {
        AnnotationDescr a = r.getAnnotation(key);
        return a != null && a.getLine() > 0 ? a : r;
    }

    private static Diagnostic at(String file, BaseDescr d, String message) {
        return new Diagnostic(file, d.getLine(), d.getColumn() + 1, message);
    }

    /**
     * Where an error without a position is: the executable-model builder reports constraint errors
     * as "…: EXPRESSION" without a line, so the expression is looked up in the file. Line 1,
     * column 1 when it cannot be found.
     */
    static int[] locate(String source, String message) {
        int colon = message.indexOf(": ");
        while (colon >= 0) {
            String fragment = message.substring(colon + 2).trim();
            int at = fragment.isEmpty() ? -1 : source.indexOf(fragment);
            if (at >= 0) {
                int line = 1;
                int lineStart = 0;
                for (int i = 0; i < at; i++) {
                    if (source.charAt(i) == '\n') {
                        line++;
                        lineStart = i + 1;
                    }
                }
                return new int[] {line, at - lineStart + 1};
            }
            colon = message.indexOf(": ", colon + 2);
        }
        return new int[] {1, 1};
    }

    /** Builds the executable model of the (already checked) files in memory. */
    private static Result build(Path dir, Map<String, String> drl, List<AuthorRule> rules, Map<String, String> cases,
            List<Diagnostic> warnings) {
        KieServices ks = KieServices.Factory.get();
        KieFileSystem kfs = ks.newKieFileSystem();
        for (Map.Entry<String, String> e : drl.entrySet()) {
            kfs.write(SRC + e.getKey(), e.getValue());
        }
        KieBuilder builder = ks.newKieBuilder(kfs).buildAll(ExecutableModelProject.class);
        List<Diagnostic> errors = new ArrayList<>();
        for (Message m : builder.getResults().getMessages(Message.Level.ERROR)) {
            String path = m.getPath() == null ? "" : m.getPath();
            String rel = path.startsWith(SRC) ? path.substring(SRC.length()) : path;
            String text = Json.oneLine(m.getText());
            if (!drl.containsKey(rel)) {
                errors.add(new Diagnostic(dir.toString(), m.getLine(), m.getColumn(), text));
            } else if (m.getLine() > 0) {
                errors.add(new Diagnostic(label(dir, rel), m.getLine(), m.getColumn(), text));
            } else {
                int[] pos = locate(drl.get(rel), m.getText());
                errors.add(new Diagnostic(label(dir, rel), pos[0], pos[1], text));
            }
        }
        if (!errors.isEmpty()) {
            return new Result(errors, warnings, Map.of(), List.of(), rules, cases);
        }
        InternalKieModule module = (InternalKieModule) builder.getKieModule();
        Map<String, byte[]> classes = new TreeMap<>();
        List<String> models = new ArrayList<>();
        for (String name : module.getFileNames()) {
            if (name.endsWith(".class") && !name.startsWith(PROJECT_MODEL)) {
                classes.put(name.substring(0, name.length() - 6).replace('/', '.'), module.getBytes(name));
            } else if (name.endsWith("/drools-model")) {
                for (String line : new String(module.getBytes(name), StandardCharsets.UTF_8).split("\n")) {
                    // The first line is a version header ("Drools-Model-Version:10.2.0").
                    if (!line.isBlank() && line.indexOf(':') < 0) {
                        models.add(line.trim());
                    }
                }
            }
        }
        if (models.isEmpty()) {
            errors.add(new Diagnostic(dir.toString(), 1, 1, "the rules compiled to no model (no rules?)"));
        }
        models.sort(null);
        return new Result(errors, warnings, classes, models, rules, cases);
    }
}
