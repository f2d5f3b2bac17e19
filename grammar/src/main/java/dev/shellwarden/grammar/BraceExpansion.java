package dev.shellwarden.grammar;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Static bash brace expansion ({@code a{b,c}d}, {@code {1..5}}, {@code {a..e..2}}) of a literal
 * word, on unquoted braces only, with a cap on the number of words produced.
 */
final class BraceExpansion {

    /** Thrown when an expansion would produce more than the cap. */
    static final class TooLarge extends Exception {
        TooLarge() {
            super(null, null, false, false);
        }
    }

    private record Piece(String text, BitSet unquoted) {
    }

    private static final java.util.regex.Pattern INT = java.util.regex.Pattern.compile("-?[0-9]{1,9}");

    private BraceExpansion() {
    }

    /**
     * Expands {@code text}; returns a single-element list when there is nothing to expand.
     *
     * @param unquoted which characters of {@code text} were unquoted in the source
     * @param cap      most words allowed
     */
    static List<String> expand(String text, BitSet unquoted, int cap) throws TooLarge {
        if (estimate(text, unquoted, cap) > cap) {
            throw new TooLarge();
        }
        List<Piece> work = new ArrayList<>();
        work.add(new Piece(text, unquoted));
        List<String> done = new ArrayList<>();
        int rounds = 0;
        while (!work.isEmpty()) {
            if (++rounds > cap * 8) {
                throw new TooLarge();
            }
            Piece p = work.remove(work.size() - 1);
            List<Piece> next = once(p, cap);
            if (next == null) {
                done.add(p.text());
                if (done.size() > cap) {
                    throw new TooLarge();
                }
            } else {
                for (int k = next.size() - 1; k >= 0; k--) {
                    work.add(next.get(k));
                }
                if (work.size() + done.size() > cap) {
                    throw new TooLarge();
                }
            }
        }
        return done;
    }

    /**
     * A cheap lower bound of the number of words: the product of the alternatives of the
     * top-level comma groups (sequences count as 2). Stops as soon as it exceeds {@code cap}, so a
     * bomb is refused before any string is built.
     */
    private static long estimate(String s, BitSet u, int cap) {
        long product = 1;
        int depth = 0;
        int commas = 0;
        for (int i = 0; i < s.length(); i++) {
            if (!u.get(i)) {
                continue;
            }
            char c = s.charAt(i);
            if (c == '{') {
                if (depth == 0) {
                    commas = 0;
                }
                depth++;
            } else if (c == '}' && depth > 0) {
                depth--;
                if (depth == 0) {
                    product *= commas > 0 ? commas + 1 : 2;
                    if (product > cap) {
                        return product;
                    }
                }
            } else if (c == ',' && depth == 1) {
                commas++;
            }
        }
        return product;
    }

    /** Expands the first expandable brace group of {@code p}, or returns null when there is none. */
    private static List<Piece> once(Piece p, int cap) throws TooLarge {
        String s = p.text();
        BitSet u = p.unquoted();
        for (int open = 0; open < s.length(); open++) {
            if (s.charAt(open) != '{' || !u.get(open) || open > 0 && s.charAt(open - 1) == '$' && u.get(open - 1)) {
                continue;
            }
            int depth = 0;
            List<Integer> commas = new ArrayList<>();
            int close = -1;
            for (int j = open + 1; j < s.length(); j++) {
                char c = s.charAt(j);
                if (!u.get(j)) {
                    continue;
                }
                if (c == '{') {
                    depth++;
                } else if (c == '}') {
                    if (depth == 0) {
                        close = j;
                        break;
                    }
                    depth--;
                } else if (c == ',' && depth == 0) {
                    commas.add(j);
                }
            }
            if (close < 0) {
                continue;
            }
            List<Piece> alternatives = new ArrayList<>();
            if (!commas.isEmpty()) {
                int from = open + 1;
                commas.add(close);
                for (int k : commas) {
                    alternatives.add(slice(s, u, from, k));
                    from = k + 1;
                }
            } else {
                List<String> seq = sequence(s.substring(open + 1, close), cap);
                if (seq == null) {
                    continue;
                }
                for (String v : seq) {
                    alternatives.add(new Piece(v, new BitSet()));
                }
            }
            Piece prefix = slice(s, u, 0, open);
            Piece suffix = slice(s, u, close + 1, s.length());
            List<Piece> out = new ArrayList<>(alternatives.size());
            for (Piece a : alternatives) {
                out.add(concat(prefix, a, suffix));
            }
            return out;
        }
        return null;
    }

    private static Piece slice(String s, BitSet u, int from, int to) {
        return new Piece(s.substring(from, to), u.get(from, Math.max(from, to)));
    }

    private static Piece concat(Piece a, Piece b, Piece c) {
        BitSet m = (BitSet) a.unquoted().clone();
        int off = a.text().length();
        b.unquoted().stream().forEach(i -> m.set(off + i));
        int off2 = off + b.text().length();
        c.unquoted().stream().forEach(i -> m.set(off2 + i));
        return new Piece(a.text() + b.text() + c.text(), m);
    }

    /** {@code x..y[..step]} over integers or single letters, or null when not a sequence. */
    private static List<String> sequence(String body, int cap) throws TooLarge {
        String[] parts = body.split("\\.\\.", -1);
        if (parts.length < 2 || parts.length > 3) {
            return null;
        }
        long step = 1;
        if (parts.length == 3) {
            if (!INT.matcher(parts[2]).matches()) {
                return null;
            }
            step = Math.abs(Long.parseLong(parts[2]));
            if (step == 0) {
                step = 1;
            }
        }
        List<String> out = new ArrayList<>();
        if (INT.matcher(parts[0]).matches() && INT.matcher(parts[1]).matches()) {
            long a = Long.parseLong(parts[0]);
            long b = Long.parseLong(parts[1]);
            if ((Math.abs(b - a) / step) + 1 > cap) {
                throw new TooLarge();
            }
            int width = padded(parts[0]) || padded(parts[1]) ? Math.max(parts[0].length(), parts[1].length()) : 0;
            for (long v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) {
                String t = Long.toString(Math.abs(v));
                while (t.length() < width - (v < 0 ? 1 : 0)) {
                    t = "0" + t;
                }
                out.add(v < 0 ? "-" + t : t);
            }
            return out;
        }
        if (parts[0].length() == 1 && parts[1].length() == 1
                && Character.isLetter(parts[0].charAt(0)) && Character.isLetter(parts[1].charAt(0))) {
            char a = parts[0].charAt(0);
            char b = parts[1].charAt(0);
            for (int v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) {
                out.add(String.valueOf((char) v));
            }
            return out;
        }
        return null;
    }

    private static boolean padded(String n) {
        String d = n.startsWith("-") ? n.substring(1) : n;
        return d.length() > 1 && d.charAt(0) == '0';
    }
}
