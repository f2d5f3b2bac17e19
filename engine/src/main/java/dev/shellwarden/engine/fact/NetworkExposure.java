package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.List;

/**
 * Commands that open this machine to the network: ssh remote and dynamic forwards, reverse tunnels
 * and public shares ({@code ngrok}, {@code cloudflared}, {@code code tunnel}, {@code tailscale
 * serve}), ssh servers and rsync daemons; a shell or desktop served to whoever connects
 * ({@code ttyd bash}, {@code tmate}, {@code x11vnc -nopw}); and a file server started on the home
 * folder, the root, a system folder or a credential folder. The rules read these through
 * {@link Cmd#isExposesMachine}, {@link Cmd#isServesShell} and {@link Cmd#servesPrivateFiles}.
 *
 * <p>It reads only the {@link Cmd} (and {@link Ctx}) it is given. INVARIANT: a file server's folder
 * is resolved against every folder the segment may run in; one the text does not tell is left to
 * the rules on unknown folders.
 */
final class NetworkExposure {

    private NetworkExposure() {
    }

    /**
     * True when the command opens this machine to the network: an ssh remote or dynamic forward
     * (also backgrounded with {@code -f}), a reverse tunnel or public share, an ssh server, an rsync
     * daemon.
     */
    static boolean isExposesMachine(Cmd c) {
        // ssh's flag letters, then R or D (`-fNR 8080:…`, `-D 1080`, `-R8080:…`)
        return c.named("ssh autossh") && (c.argMatches("-[46AaCfGgKkMNnqsTtVvXxYy]*[RD](.+)?") || c.argMatches("(?i)-o\\s*(RemoteForward|DynamicForward).*")
                        || c.anyFlag("-o") && c.argMatches("(?i)(RemoteForward|DynamicForward).*"))
                || c.getName().equals("chisel") && (c.sub("server") && c.anyFlag("--reverse") || c.sub("client") && c.argMatches("R:.*"))
                || c.named("bore sshx") && !c.isInfoOnly() && !c.anyFlag("-h --help -V --version") || c.named("lt localtunnel") && !c.anyFlag("--help --version")
                || c.getName().equals("frpc") && !c.anyArg("verify completion") && !c.anyFlag("-v --version -h --help")
                || c.getName().equals("zrok") && c.anyArg("share reserve")
                || c.getName().equals("tailscale") && (c.tailscaleServesPort() || c.sub("up") && c.argMatches("--ssh(=true)?"))
                // VS Code's remote tunnel, also in its forks' CLIs (Cursor's, abused after a parser bypass in NomShub)
                || c.named("code code-insiders cursor") && c.sub("tunnel") && !c.anyArg("user unregister status kill rename prune help")
                || c.getName().equals("ngrok") && c.anyArg("http tcp tls start tunnel") || c.getName().equals("devtunnel") && c.sub("host")
                || c.getName().equals("cloudflared") && c.sub("tunnel") && (c.anyArg("run") || c.anyFlag("--url"))
                || c.named("sshd dropbear") || c.getName().equals("rsync") && c.anyFlag("--daemon");
    }

    /** True when the command serves a shell or a desktop to the network (ttyd, gotty, tmate, x11vnc, code-server without auth). */
    static boolean isServesShell(Cmd c) {
        // ttyd and gotty serve a program's terminal: a shell or a multiplexer is a shell for anyone who connects
        List<String> served = c.named("ttyd gotty") ? c.positionals("-p --port -i --interface -c --credential -t --client-option -T --terminal-type -O --check-origin -a --address -w -u --uid -g --gid -s --signal -I --index -b --base-path -P --ping-interval -m --max-clients --title-format --tls-crt --tls-key --tls-ca-crt")
                : List.of();
        return !served.isEmpty() && Regex.matches(Cmd.basename(served.get(0)), "(ba|z|da|k|c|tc|fi|a|mk)?sh|login|tmux|screen|su|python[0-9.]*|node|irb|zellij")
                || c.getName().equals("tmate") && !c.isInfoOnly() && !c.anyArg("show-messages") || c.getName().equals("x11vnc") && c.anyFlag("-nopw")
                || c.getName().equals("code-server") && c.argMatches("--auth(=|\\s*)none|none") && (c.anyFlag("--auth") || c.argFind("^--auth=none"));
    }

    /**
     * True when a file server is started on the home directory, the root or a credential folder:
     * the directory it serves (its option or operand, else where it runs) resolved against the
     * segment's working directories.
     */
    static boolean servesPrivateFiles(Cmd c, Ctx ctx) {
        List<String> served = servedDirectories(c);
        if (served == null) {
            return false;
        }
        for (String d : served) {
            for (String dir : c.dirs(ctx)) {
                if (dir.equals(WorkingDirs.UNKNOWN)) {
                    continue;
                }
                String abs = PathFacts.resolve(d, dir, ctx.home());
                if (abs.equals("/") || abs.equals(ctx.home()) || abs.equals(PathFacts.normalize(ctx.home())) || PathFacts.isSecret(abs)
                        || PathFacts.isSystemDir(abs)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The directories a file server serves ({@code .} when it serves where it runs), or null when this is no file server. */
    private static List<String> servedDirectories(Cmd c) {
        String dir;
        if (c.isInterpreter() && c.anyArg("http.server SimpleHTTPServer") && c.anyFlag("-m")) {
            dir = c.valueOf("--directory -d");
        } else if (Regex.matches(c.getName(), "php[0-9.]*") && c.anyFlag("-S")) {
            dir = c.valueOf("-t");
        } else if (c.getName().equals("caddy") && c.sub("file-server")) {
            dir = c.valueOf("--root -r");
        } else if (c.named("updog")) {
            dir = c.valueOf("-d --directory");
        } else if (c.getName().equals("twistd") && c.anyArg("web")) {
            dir = c.valueOf("--path");
        } else if (c.named("busybox httpd") && (c.getName().equals("httpd") || c.anyArg("httpd"))) {
            dir = c.valueOf("-h");
        } else if (c.getName().equals("onionshare-cli")) {
            // --website, --receive, --chat and --public are switches: the operand after them is what is shared
            dir = c.positionals("--connect-timeout --config --persistent --title --auto-start-timer --auto-stop-timer --data-dir"
                    + " --webhook-url --custom_csp").stream().findFirst().orElse("");
        } else if (c.getName().equals("rclone") && c.sub("serve")) {
            List<String> p = c.positionals("--addr --user --pass --htpasswd --config");
            dir = p.size() > 2 ? p.get(2) : "";
            if (dir.isEmpty()) {
                return null; // a remote, not a local folder
            }
        } else if (c.named("miniserve darkhttpd http-server serve static-web-server")) {
            List<String> p = c.positionals("-p --port -i --interfaces -a --auth -c --color-scheme -t --title --addr -d --root -C --cert -K --key"
                    + " --ssl-cert --ssl-key --ssl-pass -l --listen -e --ext -o --open -U --utc -P --proxy --username --password --tls-cert --tls-key");
            dir = p.isEmpty() ? c.valueOf("-d --root") : p.get(0);
        } else if (c.getName().equals("ruby") && c.anyArg("-run") && c.anyArg("httpd")) {
            // ruby's un library: `ruby -run -e httpd DIR -p 8000`
            List<String> p = c.positionals("-p --port -b --bind-address --max-clients --temp-dir --request-timeout --ssl-certificate --ssl-private-key");
            int at = p.indexOf("httpd");
            dir = at < 0 || at + 1 >= p.size() ? "" : p.get(at + 1);
        } else {
            return null;
        }
        return List.of(dir.isEmpty() ? "." : dir);
    }
}
