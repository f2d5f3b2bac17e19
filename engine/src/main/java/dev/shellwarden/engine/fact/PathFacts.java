package dev.shellwarden.engine.fact;

import java.util.ArrayDeque;
import java.util.Deque;

/** Path reasoning shared by rules: normalisation and the few paths that must never be touched. */
public final class PathFacts {

    private PathFacts() {
    }

    /**
     * Normalises a path lexically: collapses {@code //}, resolves {@code .} and {@code ..} (never
     * above the root) and drops a trailing slash. Relative paths stay relative.
     */
    public static String normalize(String path) {
        if (path.isEmpty()) {
            return path;
        }
        boolean absolute = path.startsWith("/");
        Deque<String> parts = new ArrayDeque<>();
        for (String p : path.split("/+")) {
            if (p.isEmpty() || p.equals(".")) {
                continue;
            }
            if (p.equals("..")) {
                if (!parts.isEmpty() && !parts.peekLast().equals("..")) {
                    parts.removeLast();
                } else if (!absolute) {
                    parts.addLast("..");
                }
            } else {
                parts.addLast(p);
            }
        }
        String joined = String.join("/", parts);
        return absolute ? "/" + joined : (joined.isEmpty() ? "." : joined);
    }

    /**
     * True for the file system root, everything directly under it by glob ({@code /*}), the home
     * directory in any spelling ({@code ~}, {@code ~/}, {@code $HOME}, {@code ${HOME}}) and
     * {@code ~/*}.
     */
    public static boolean isRootLike(String path) {
        String p = path;
        if (p.startsWith("\"") && p.endsWith("\"") && p.length() >= 2) {
            p = p.substring(1, p.length() - 1);
        }
        for (String home : new String[] {"$HOME", "${HOME}", "~"}) {
            if (p.equals(home) || p.startsWith(home + "/")) {
                String rest = normalize("/" + p.substring(home.length()));
                return rest.equals("/") || rest.equals("/*");
            }
        }
        if (!p.startsWith("/")) {
            return false;
        }
        String n = normalize(p);
        return n.equals("/") || n.equals("/*");
    }
}
