package dev.shellwarden.grammar;


import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * wget's {@code -e CMD} / {@code --execute=CMD} / {@code --execute CMD} read as the long option the
 * wgetrc command stands for: {@code -e 'post_file=~/.ssh/id_rsa'} is {@code --post-file=~/.ssh/id_rsa},
 * {@code -e 'output_document = ~/.bashrc'} is {@code --output-document=~/.bashrc}. WHY: wget runs
 * each {@code -e} command after its startup file, as if it were a line of {@code .wgetrc}, and the
 * wgetrc commands are its long options under another spelling; translating the words where
 * the engine's {@code Cmd} reads them lets every rule that reads wget's options (what it posts,
 * where it saves) see them, with no second reader per rule, and {@link ProgramOptions} reads
 * {@code -e use_askpass=PROG} from the same translation (one reading of the wgetrc spelling).
 * {@code --execute} is taken in every abbreviation getopt_long accepts ({@code --exe=…}).
 *
 * <p>A wgetrc command name is read as wget reads it: any case, with {@code _} and {@code -}
 * ignored ({@code post_file}, {@code postfile}, {@code POST-FILE}), blanks allowed around
 * {@code =}. A command that names no option in {@link #OPTIONS} ({@code robots=off},
 * {@code tries=3}, proxies) is left as written: it changes nothing a rule reads.
 */
public final class WgetCommands {

    private WgetCommands() {
    }

    /** wget's short options that take a value (getopt's reading, {@code -n} takes the letter after it). */
    private static final String VALUE_LETTERS = "OoaeiBtTwQPUDIXARln";

    private static final Pattern COMMAND = Pattern.compile("(?s)\\s*([A-Za-z][A-Za-z0-9_-]*)\\s*=\\s*(.*?)\\s*");

    /**
     * The wgetrc commands (folded: lower case, no {@code _} or {@code -}) that stand for a long
     * option some rule reads: what is sent, what is saved where, what is read or run, and the
     * options that make wget save under names the server chooses. A value {@code null} in
     * {@link #FLAGS} marks an on/off command.
     */
    private static final Map<String, String> OPTIONS = Map.ofEntries(
            Map.entry("postfile", "--post-file"), Map.entry("bodyfile", "--body-file"),
            Map.entry("postdata", "--post-data"), Map.entry("bodydata", "--body-data"),
            Map.entry("method", "--method"), Map.entry("header", "--header"),
            Map.entry("outputdocument", "--output-document"), Map.entry("logfile", "--output-file"),
            Map.entry("dirprefix", "--directory-prefix"), Map.entry("input", "--input-file"),
            Map.entry("useaskpass", "--use-askpass"), Map.entry("user", "--user"),
            Map.entry("password", "--password"), Map.entry("passwd", "--password"),
            Map.entry("httpuser", "--http-user"), Map.entry("httppassword", "--http-password"),
            Map.entry("httppasswd", "--http-password"), Map.entry("ftpuser", "--ftp-user"),
            Map.entry("ftppassword", "--ftp-password"), Map.entry("savecookies", "--save-cookies"),
            Map.entry("loadcookies", "--load-cookies"), Map.entry("privatekey", "--private-key"),
            Map.entry("certificate", "--certificate"), Map.entry("cacertificate", "--ca-certificate"),
            Map.entry("referer", "--referer"), Map.entry("useragent", "--user-agent"),
            Map.entry("base", "--base"), Map.entry("defaultpage", "--default-page"),
            Map.entry("warcfile", "--warc-file"), Map.entry("hstsfile", "--hsts-file"));

    /** On/off wgetrc commands that stand for a flag a rule reads. */
    private static final Map<String, String> FLAGS = Map.of("recursive", "--recursive", "mirror", "--mirror",
            "contentdisposition", "--content-disposition", "trustservernames", "--trust-server-names");

    /**
     * The words of a wget command line with each {@code -e}/{@code --execute} command that stands
     * for a known option replaced by that option's word; {@code argv} itself (the command word
     * first) for any other program or when there is nothing to translate. A command held in a
     * computed word is left as written (its value is unknown either way).
     */
    public static List<Word> expand(String name, List<Word> argv) {
        if (!name.equals("wget") && !name.equals("wget2")) {
            return argv;
        }
        List<Word> out = new ArrayList<>(argv.size());
        boolean changed = false;
        for (int i = 0; i < argv.size(); i++) {
            Word w = argv.get(i);
            String t = w.text();
            if (i == 0 || !w.literal()) {
                out.add(w);
                continue;
            }
            if (t.equals("--")) {
                out.addAll(argv.subList(i, argv.size()));
                break;
            }
            int eq = t.indexOf('=');
            if (eq > 0 && isExecute(t.substring(0, eq))) {
                Word option = option(t.substring(eq + 1), w);
                out.add(option == null ? w : option);
                changed |= option != null;
            } else if (isExecute(t) && i + 1 < argv.size()) {
                Word value = argv.get(++i);
                Word option = value.literal() ? option(value.text(), value) : null;
                if (option == null) {
                    out.add(w);
                    out.add(value);
                } else {
                    out.add(option);
                    changed = true;
                }
            } else if (ShortOptions.isCluster(t)) {
                int at = ShortOptions.valueLetterAt(t, VALUE_LETTERS);
                if (at == t.length()) {
                    out.add(w);
                    continue;
                }
                boolean attached = at + 1 < t.length();
                if (t.charAt(at) != 'e') {
                    // another letter's value: the rest of the word or the next word, kept as written
                    out.add(w);
                    if (!attached && i + 1 < argv.size()) {
                        out.add(argv.get(++i));
                    }
                    continue;
                }
                Word value = attached ? w : i + 1 < argv.size() ? argv.get(i + 1) : null;
                Word option = value == null || !value.literal() ? null
                        : option(attached ? t.substring(at + 1) : value.text(), value);
                if (option == null) {
                    out.add(w);
                    if (!attached && i + 1 < argv.size()) {
                        out.add(argv.get(++i)); // the command's own word, kept as written
                    }
                    continue;
                }
                if (at > 1) {
                    out.add(Word.literal(t.substring(0, at))); // the flag letters before e (-q of -qe)
                }
                out.add(option);
                i += attached ? 0 : 1;
                changed = true;
            } else {
                out.add(w);
            }
        }
        return changed ? List.copyOf(out) : argv;
    }

    /**
     * True for {@code --execute} or an abbreviation getopt_long takes for it: {@code --exe} is the
     * shortest that no other wget option starts with ({@code --exc} is --exclude-…).
     */
    private static boolean isExecute(String option) {
        return option.length() >= 5 && "--execute".startsWith(option);
    }

    /** The option word wgetrc command {@code command} stands for, or null when it names none read here. */
    private static Word option(String command, Word from) {
        Matcher m = COMMAND.matcher(command);
        if (!m.matches()) {
            return null;
        }
        String key = m.group(1).toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
        String value = m.group(2);
        String text;
        if (OPTIONS.containsKey(key)) {
            text = OPTIONS.get(key) + "=" + value;
        } else if (FLAGS.containsKey(key) && value.toLowerCase(Locale.ROOT).matches("on|yes|1|true")) {
            text = FLAGS.get(key);
        } else {
            return null;
        }
        return new Word(text, Word.singleQuoted(text), true, from.features());
    }
}
