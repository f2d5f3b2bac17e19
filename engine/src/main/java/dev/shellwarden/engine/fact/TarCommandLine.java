package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.ShortOptions;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * tar's command line (GNU tar, bsdtar) read once, the way tar's own option parser reads it, so that
 * every fact about tar — the archive it writes or unpacks, the files it archives or deletes, the
 * folders it changes to — comes from one reading.
 *
 * <p>The reading follows getopt ({@link ShortOptions}): in a cluster of short options a letter that
 * takes a value takes the rest of the cluster, or the next word when it ends the cluster ({@code -czf A}
 * names A, {@code -xfz A} names the archive {@code z} and the member A); an old-style first word without a
 * dash ({@code czf A src}) gives each value letter the next unused word, in order; long options
 * take {@code =VALUE} or the next word. {@code -C DIR} applies to the members after it and is
 * relative to the folder before it; the archive itself is opened where tar starts.
 *
 * <p>Where the reading can be wrong it errs towards more members and more archives: an unknown long
 * option takes no value, so the word after it counts as a member.
 */
final class TarCommandLine {

    /** Short options that take a value. */
    private static final String VALUE_LETTERS = "bCfFgHIKLNTVX";

    /** Long options that take a value, as {@code --opt VALUE} or {@code --opt=VALUE}. */
    private static final Set<String> VALUE_LONG = Set.of("--file", "--directory", "--files-from", "--exclude-from", "--exclude",
            "--exclude-tag", "--exclude-tag-under", "--exclude-tag-all", "--use-compress-program", "--to-command",
            "--checkpoint-action", "--info-script", "--new-volume-script", "--rsh-command", "--rmt-command", "--label",
            "--newer", "--after-date", "--newer-mtime", "--listed-incremental", "--index-file", "--transform", "--xform",
            "--owner", "--group", "--owner-map", "--group-map", "--mode", "--mtime", "--format", "--blocking-factor",
            "--record-size", "--tape-length", "--starting-file", "--volno-file", "--suffix", "--sort", "--warning",
            "--strip-components", "--hole-detection", "--xattrs-include", "--xattrs-exclude", "--quoting-style",
            "--quote-chars", "--no-quote-chars", "--pax-option", "--level", "--options", "--uid", "--gid", "--uname",
            "--gname", "--include", "--newer-than", "--newer-mtime-than", "--older", "--older-than", "--older-mtime",
            "--older-mtime-than", "--passphrase", "--exclude-vcs-ignores-from");

    private static final Set<String> CREATE_LONG = Set.of("--create", "--append", "--update", "--catenate", "--concatenate");
    private static final Set<String> EXTRACT_LONG = Set.of("--extract", "--get");

    /** A file name tar archives or deletes, with the folder {@code -C} had changed to before it ("" for none). */
    record Member(String name, String dir) {

        /** The name as a path from where tar starts: below the -C folder unless absolute or from home or a variable. */
        String path() {
            String plain = PathFacts.unquote(name);
            if (dir.isEmpty() || plain.startsWith("/") || plain.startsWith("~") || plain.startsWith("$")) {
                return name;
            }
            return PathFacts.asFolder(dir) + plain;
        }
    }

    private boolean creates;
    private boolean extracts;
    private boolean namesFromList;
    private final List<String> archives = new ArrayList<>();
    private final List<Member> members = new ArrayList<>();
    private final Set<String> dirs = new LinkedHashSet<>();
    private String dir = "";

    private TarCommandLine() {
    }

    /** Reads tar's arguments (without the command name). */
    static TarCommandLine of(List<String> args) {
        TarCommandLine t = new TarCommandLine();
        int i = 0;
        if (!args.isEmpty() && args.get(0).matches("[A-Za-z]+")) {
            // old style: the letters first, then each value letter's word in order
            int next = 1;
            for (char c : args.get(0).toCharArray()) {
                t.letter(c);
                if (VALUE_LETTERS.indexOf(c) >= 0) {
                    t.value(c, next < args.size() ? args.get(next++) : "");
                }
            }
            i = next;
        }
        boolean end = false;
        for (; i < args.size(); i++) {
            String a = args.get(i);
            if (end || !a.startsWith("-") || a.equals("-")) {
                t.members.add(new Member(a, t.dir));
            } else if (a.equals("--")) {
                end = true;
            } else if (a.startsWith("--")) {
                int eq = a.indexOf('=');
                String opt = longOption(eq > 0 ? a.substring(0, eq) : a);
                String value = eq > 0 ? a.substring(eq + 1) : VALUE_LONG.contains(opt) && i + 1 < args.size() ? args.get(++i) : null;
                t.longOption(opt, value);
            } else {
                i = ShortOptions.readCluster(args, i, VALUE_LETTERS, t::shortOption);
            }
        }
        return t;
    }

    /**
     * The long option an abbreviation stands for, when it abbreviates exactly one of the options
     * read here ({@code --dir} is {@code --directory}); the word itself otherwise.
     */
    private static String longOption(String word) {
        if (VALUE_LONG.contains(word) || CREATE_LONG.contains(word) || EXTRACT_LONG.contains(word) || word.length() < 5) {
            return word;
        }
        String found = null;
        for (Set<String> set : List.of(VALUE_LONG, CREATE_LONG, EXTRACT_LONG)) {
            for (String o : set) {
                if (o.startsWith(word)) {
                    if (found != null) {
                        return word;
                    }
                    found = o;
                }
            }
        }
        return found == null ? word : found;
    }

    private void shortOption(char c, String v) {
        letter(c);
        if (v != null) {
            value(c, v);
        }
    }

    private void letter(char c) {
        creates |= "cruA".indexOf(c) >= 0;
        extracts |= c == 'x';
    }

    private void value(char c, String v) {
        switch (c) {
            case 'f' -> archives.add(v);
            case 'C' -> changeDir(v);
            case 'T' -> namesFromList = true;
            default -> {
            }
        }
    }

    private void longOption(String opt, String value) {
        creates |= CREATE_LONG.contains(opt);
        extracts |= EXTRACT_LONG.contains(opt);
        if (value == null) {
            return;
        }
        switch (opt) {
            case "--file" -> archives.add(value);
            case "--directory" -> changeDir(value);
            case "--files-from" -> namesFromList = true;
            default -> {
            }
        }
    }

    /** -C is relative to the folder an earlier -C changed to. */
    private void changeDir(String d) {
        String plain = PathFacts.unquote(d);
        dir = dir.isEmpty() || plain.startsWith("/") || plain.startsWith("~") || plain.startsWith("$") ? d
                : PathFacts.asFolder(dir) + plain;
        dirs.add(dir);
    }

    /** True when tar creates, appends to, updates or concatenates an archive. */
    boolean creates() {
        return creates;
    }

    /** True when tar extracts. */
    boolean extracts() {
        return extracts;
    }

    /** True when member names come from a list file ({@code -T}, {@code --files-from}): the members are not all known. */
    boolean namesFromList() {
        return namesFromList;
    }

    /** Every archive named with -f/--file, in order ({@code -} is standard input or output). */
    List<String> archives() {
        return List.copyOf(archives);
    }

    /** The archives an extraction reads: the named ones, or standard input ({@code -}) when none is named. */
    List<String> unpacked() {
        return !extracts ? List.of() : archives.isEmpty() ? List.of("-") : List.copyOf(archives);
    }

    /** The archive files a creation writes (standard output left out). */
    List<String> written() {
        return creates ? archives.stream().filter(a -> !a.isEmpty() && !a.equals("-")).toList() : List.of();
    }

    /** The member operands, each with its -C folder. */
    List<Member> members() {
        return List.copyOf(members);
    }

    /** The member operands as paths from where tar starts. */
    List<String> memberPaths() {
        return members.stream().map(Member::path).toList();
    }

    /** Every folder -C changed to, each resolved against the one before it. */
    List<String> dirs() {
        return List.copyOf(dirs);
    }
}
