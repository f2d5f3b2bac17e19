package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.OpaqueReason;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Word;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The fact a rule sees for one segment: its words, pre-digested so rules match by name, flag and
 * operand rather than by string patterns.
 *
 * <p>Flags are read the way most programs read them: {@code -rf} is {@code -r} and {@code -f};
 * {@code --force=yes} is {@code --force}; nothing after {@code --} is a flag. Operands are the
 * remaining arguments in order (option values included, since the fact does not know each
 * program's option table).
 */
public final class Cmd {
    private final int id;
    private final int parent;
    private final int depth;
    private final String provenance;
    private final List<String> wrappers;
    private final String path;
    private final String name;
    private final List<String> args;
    private final List<String> operands;
    private final Set<String> flags;
    private final boolean dynamicArgs;
    private final boolean dynamicOperands;
    private final Set<String> opaqueReasons;
    private final List<String> assignments;
    private final String stdin;
    private final boolean hasStdinText;
    private final int item;
    private final int stage;
    private final int stages;
    private final String opBefore;
    private final boolean background;

    /** Builds the fact for a segment. */
    public Cmd(Segment s) {
        this.id = s.id();
        this.parent = s.parent();
        this.depth = s.depth();
        this.provenance = s.provenance().name();
        this.wrappers = s.wrappers();
        List<Word> argv = s.argv();
        this.path = argv.isEmpty() ? "" : argv.get(0).text();
        this.name = argv.isEmpty() || !argv.get(0).literal() ? "" : basename(path);
        List<String> a = new ArrayList<>();
        List<String> ops = new ArrayList<>();
        Set<String> f = new LinkedHashSet<>();
        boolean dyn = false;
        boolean dynOps = false;
        boolean endOfFlags = false;
        for (int i = 1; i < argv.size(); i++) {
            Word w = argv.get(i);
            String t = w.text();
            a.add(t);
            dyn |= !w.literal();
            if (!endOfFlags && t.equals("--")) {
                endOfFlags = true;
            } else if (!endOfFlags && t.startsWith("--") && t.length() > 2) {
                int eq = t.indexOf('=');
                f.add(eq > 0 ? t.substring(0, eq) : t);
            } else if (!endOfFlags && t.startsWith("-") && t.length() > 1) {
                for (int k = 1; k < t.length(); k++) {
                    f.add("-" + t.charAt(k));
                }
                f.add(t);
            } else {
                ops.add(t);
                dynOps |= !w.literal();
            }
        }
        this.args = Collections.unmodifiableList(a);
        this.operands = Collections.unmodifiableList(ops);
        this.flags = Collections.unmodifiableSet(f);
        this.dynamicArgs = dyn;
        this.dynamicOperands = dynOps;
        Set<String> reasons = new LinkedHashSet<>();
        for (OpaqueReason r : OpaqueReason.values()) {
            if (s.opaqueReasons().contains(r)) {
                reasons.add(r.name());
            }
        }
        this.opaqueReasons = Collections.unmodifiableSet(reasons);
        this.assignments = s.assignments().stream().map(Word::text).toList();
        StringBuilder in = new StringBuilder();
        s.heredocs().forEach(h -> in.append(h.body()));
        this.stdin = in.toString();
        this.hasStdinText = !s.heredocs().isEmpty();
        this.item = s.position().item();
        this.stage = s.position().stage();
        this.stages = s.position().stages();
        this.opBefore = s.position().opBefore();
        this.background = s.position().background();
    }

    private static String basename(String p) {
        int slash = p.lastIndexOf('/');
        return slash >= 0 && slash < p.length() - 1 ? p.substring(slash + 1) : p;
    }

    /** The segment id. */
    public int getId() {
        return id;
    }

    /** Id of the enclosing segment, or -1. */
    public int getParent() {
        return parent;
    }

    /** Nesting depth, 0 at top level. */
    public int getDepth() {
        return depth;
    }

    /** Where the segment was found, a {@code Provenance} name. */
    public String getProvenance() {
        return provenance;
    }

    /** Wrapper commands unwrapped to reach this one, outermost first. */
    public List<String> getWrappers() {
        return wrappers;
    }

    /** The command word as written after quote removal ({@code /usr/bin/rm}). */
    public String getPath() {
        return path;
    }

    /** The command's base name ({@code rm}); empty when the command name is not literal. */
    public String getName() {
        return name;
    }

    /** All arguments after the command name, after quote removal. */
    public List<String> getArgs() {
        return args;
    }

    /** Arguments that are not flags, in order. */
    public List<String> getOperands() {
        return operands;
    }

    /** Normalised flags (see the class comment). */
    public Set<String> getFlags() {
        return flags;
    }

    /** True when some argument is not literal. */
    public boolean isDynamicArgs() {
        return dynamicArgs;
    }

    /** True when some operand is not literal. */
    public boolean isDynamicOperands() {
        return dynamicOperands;
    }

    /** True when every deciding word is literal. */
    public boolean isStatic() {
        return opaqueReasons.isEmpty();
    }

    /** {@code OpaqueReason} names; empty when static. */
    public Set<String> getOpaqueReasons() {
        return opaqueReasons;
    }

    /** {@code NAME=value} prefixes. */
    public List<String> getAssignments() {
        return assignments;
    }

    /** Heredoc and here-string text fed to the command, concatenated. */
    public String getStdin() {
        return stdin;
    }

    /** True when a heredoc or here-string feeds the command. */
    public boolean isHasStdinText() {
        return hasStdinText;
    }

    /** Index of the pipeline in its list. */
    public int getItem() {
        return item;
    }

    /** Index within the pipeline. */
    public int getStage() {
        return stage;
    }

    /** Commands in the pipeline. */
    public int getStages() {
        return stages;
    }

    /** The list operator before the pipeline, or empty. */
    public String getOpBefore() {
        return opBefore;
    }

    /** True when the pipeline runs in the background. */
    public boolean isBackground() {
        return background;
    }

    /** True when another command's output is piped into this one. */
    public boolean isPipedInto() {
        return stage > 0;
    }

    /** True when this command's output is piped into another. */
    public boolean isPipedOut() {
        return stage < stages - 1;
    }

    /** True when the flag is present ({@code "-r"} also matches inside {@code -rf}). */
    public boolean flag(String flag) {
        return flags.contains(flag);
    }

    /** True when any of the space-separated flags is present: {@code anyFlag("-r -R --recursive")}. */
    public boolean anyFlag(String spaceSeparated) {
        for (String f : spaceSeparated.split(" ")) {
            if (!f.isEmpty() && flags.contains(f)) {
                return true;
            }
        }
        return false;
    }

    /** True when some argument equals {@code value}. */
    public boolean hasArg(String value) {
        return args.contains(value);
    }

    /** The first operand, or empty. */
    public String getFirstOperand() {
        return operands.isEmpty() ? "" : operands.get(0);
    }

    /** True when the first operand (a subcommand, for git, npm…) is one of the space-separated words. */
    public boolean sub(String spaceSeparated) {
        String first = getFirstOperand();
        for (String s : spaceSeparated.split(" ")) {
            if (!s.isEmpty() && s.equals(first)) {
                return true;
            }
        }
        return false;
    }

    /** True when some operand is, after normalisation, the root or the home directory. */
    public boolean hasRootLikeOperand() {
        for (String op : operands) {
            if (PathFacts.isRootLike(op)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "Cmd#" + id + " " + path + " " + args;
    }
}
