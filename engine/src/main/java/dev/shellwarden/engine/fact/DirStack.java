package dev.shellwarden.engine.fact;

import dev.shellwarden.engine.fact.PreviousDirs.State;
import dev.shellwarden.grammar.Word;
import dev.shellwarden.grammar.WordFeature;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * bash's directory stack edits that {@link PreviousDirs} follows (bash manual, Directory Stack
 * Builtins): entry 0 is the working directory, entry N the N-th {@code pushd} below it.
 * {@code pushd -n DIR} adds DIR as entry 1 without a cd (the word as typed: a relative one is
 * read from wherever a later {@code popd} stands); {@code pushd +N} rotates entry N to the top and
 * changes to it; {@code popd +N} (N at least 1) removes entry N without a cd; {@code popd -n}
 * removes entry 1; {@code ~N} and {@code ~+N} name entry N.
 *
 * <p>FAIL CLOSED: only the entries this text pushed are known; the stack the agent's shell had
 * before lies below them, unknown. Whatever reaches into it (an N beyond the known entries,
 * {@code -N} counted from the bottom, {@code popd +0}, {@code pushd +0}), or that this class does
 * not read, is left to the caller's unknown state (null). A rotation keeps known only the entries
 * that stay above the unknown bottom. zsh's PUSHD_MINUS swaps {@code +N} and {@code -N} (and
 * {@code ~N}); the caller ({@link PreviousDirs}) therefore keeps a place not known beside every
 * numbered reading made here.
 */
final class DirStack {

    private DirStack() {
    }

    private static final String UNKNOWN = WorkingDirs.UNKNOWN;

    /** {@code +N}, the digits few enough to be an index. */
    private static final Pattern PLUS = Pattern.compile("\\+([0-9]{1,6})");

    /** {@code ~N}, {@code ~+N} and a path below it. */
    private static final Pattern TILDE_ENTRY = Pattern.compile("~\\+?([0-9]{1,6})(/.*)?");

    /** Entry {@code i} of {@code st}'s stack (0: the working directory); null when it is below the known entries. */
    private static String at(State st, int i) {
        int k = st.stack().size();
        return i == 0 ? st.cwd() : i <= k ? st.stack().get(k - i) : null;
    }

    /** The directory a stack entry leads to from {@code cwd}: {@code pushd -n} keeps a relative word as typed. */
    static String entry(String e, String cwd, List<String> homes) {
        if (e.equals(UNKNOWN) || e.startsWith("/")) {
            return e;
        }
        return cwd.equals(UNKNOWN) ? UNKNOWN : PathFacts.resolve(e, cwd, homes.get(0));
    }

    /**
     * The state after a {@code pushd}/{@code popd} with a {@code -n}, {@code +N} or {@code -N}
     * operand ({@code operands}: the words after the name, {@code -L}/{@code -P} left out);
     * null when it is not followed.
     */
    static State edit(String verb, List<Word> operands, State st, List<String> homes) {
        boolean nocd = false;
        List<Word> rest = new ArrayList<>();
        for (Word o : operands) {
            if (!o.literal()) {
                return null;
            }
            if (o.text().equals("-n")) {
                nocd = true;
            } else {
                rest.add(o);
            }
        }
        boolean pushd = verb.equals("pushd");
        List<String> stack = new ArrayList<>(st.stack());
        if (!pushd && nocd && rest.isEmpty()) {
            // `popd -n`: entry 1 goes, no cd (an unknown one when none is known)
            if (!stack.isEmpty()) {
                stack.remove(stack.size() - 1);
            }
            return new State(st.cwd(), st.old(), List.copyOf(stack));
        }
        if (rest.size() != 1) {
            return null;
        }
        String t = rest.get(0).text();
        Matcher plus = PLUS.matcher(t);
        if (plus.matches()) {
            int n = Integer.parseInt(plus.group(1));
            if (n == 0) {
                return null; // popd +0 is a popd; pushd +0 a cd to where it is: not followed
            }
            if (!pushd) {
                // `popd +N`: entry N goes, no cd (one below the known entries: those stay as they are)
                if (n <= stack.size()) {
                    stack.remove(stack.size() - n);
                }
                return new State(st.cwd(), st.old(), List.copyOf(stack));
            }
            if (nocd) {
                return new State(st.cwd(), st.old(), List.of()); // rotated without a cd: the order is not followed
            }
            String to = at(st, n);
            if (to == null) {
                return null;
            }
            // entries N+1… stay above the unknown bottom; 0…N-1 go below it
            return new State(entry(to, st.cwd(), homes), st.cwd(), List.copyOf(stack.subList(0, stack.size() - n)));
        }
        if (pushd && nocd && !t.startsWith("-") && !t.startsWith("+") && !t.isEmpty()) {
            // `pushd -n DIR`: DIR becomes entry 1, no cd
            stack.add(typed(t, homes));
            return new State(st.cwd(), st.old(), List.copyOf(stack));
        }
        return null;
    }

    /** A {@code pushd -n} word as the stack keeps it: absolute, home-based (one known HOME) or relative as typed. */
    private static String typed(String t, List<String> homes) {
        if (t.startsWith("/")) {
            return PathFacts.resolve(t, "/", homes.get(0));
        }
        if (t.startsWith("~")) {
            boolean home = t.equals("~") || t.startsWith("~/");
            return home && homes.size() == 1 && !homes.get(0).equals(UNKNOWN) ? PathFacts.resolve(t, "/", homes.get(0)) : UNKNOWN;
        }
        return t;
    }

    /** The tilde form {@code ~N}/{@code ~+N} (and a path below it) of a word, or null. */
    static Matcher named(Word w) {
        if (!w.has(WordFeature.TILDE) || w.has(WordFeature.LITERAL_TILDE) || !w.raw().startsWith("~")) {
            return null;
        }
        Matcher m = TILDE_ENTRY.matcher(w.text());
        return m.matches() ? m : null;
    }

    /** Where {@code cd ~N/PATH} leads from {@code st}: entry N, then PATH; UNKNOWN below the known entries. */
    static String named(Word w, State st, List<String> homes) {
        Matcher m = named(w);
        String to = at(st, Integer.parseInt(m.group(1)));
        if (to == null) {
            return UNKNOWN;
        }
        String dir = entry(to, st.cwd(), homes);
        return dir.equals(UNKNOWN) || m.group(2) == null ? dir : PathFacts.resolve(dir + m.group(2), "/", homes.get(0));
    }
}
