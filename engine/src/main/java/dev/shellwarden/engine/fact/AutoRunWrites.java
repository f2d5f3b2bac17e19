package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;
import java.util.List;
import java.util.Locale;

/**
 * Writes that make something run later without anyone seeing a command, for {@link Cmd}: a
 * project file an editor or an agent acts on by itself, written whole from text the command does
 * not show ({@link #writesUnseenAutoRunConfig}), and the user's default handlers for links and
 * file types ({@link #setsDefaultHandler}).
 *
 * <p>WHY: {@code printf '…' > .vscode/tasks.json} is read by the splitter (AutoRunConfig splits a
 * {@code runOn: folderOpen} task's command as a payload and judges it now); {@code cp /tmp/t.json
 * .vscode/tasks.json}, {@code curl -o}, {@code tar -C .devcontainer -x}, {@code git submodule add URL
 * .claude/commands} bring the same file with its text out of sight, and the editor runs it the next
 * time the folder is opened (a dev container's {@code initializeCommand} on the host), or the agent
 * loads a slash command whose {@code allowed-tools} pre-approves its commands. The human decides.
 *
 * <p>INVARIANT: only adds asks. A write whose whole text is in the command (a literal printer, a
 * heredoc, a {@code sed -i} script) is left to the payload reading; making a folder, touching or
 * re-permissioning a file changes no content and does not count.
 */
final class AutoRunWrites {

    private AutoRunWrites() {
    }

    /**
     * Project files whose content runs or grants something without a command: VS Code's (Cursor's,
     * Windsurf's) tasks (runOn folderOpen) and settings (terminal profiles, *.path programs), a
     * workspace file (both), the dev container's files and folder (lifecycle commands, a Dockerfile
     * it builds), JetBrains' workspace.xml (startup tasks) and the .idea folder as a destination,
     * Claude Code's slash commands, subagents and skills (allowed-tools front matter). Not
     * extensions.json (recommendations the editor asks about) nor launch.json (runs on the user's F5).
     */
    private static final String UNSEEN_AUTO_RUN =
            "(.*/)?(\\.vscode/(tasks|settings)\\.json|[^/]+\\.code-workspace|\\.devcontainer\\.json|\\.devcontainer(/.*)?"
            + "|\\.idea/?|\\.idea/workspace\\.xml|\\.claude/(commands|agents|skills)(/.*)?)";

    /** Commands whose writes change no content (the folder made, the time or the permissions changed). */
    private static final String NO_CONTENT = "mkdir touch chmod chown chgrp chattr setfacl";

    /**
     * True when {@code c} writes a file of {@link #UNSEEN_AUTO_RUN} (read as written, and from each
     * folder the segment runs in) from text it does not show: a copy, move, link, download, unpack,
     * clone or checkout, a redirection of another command's output.
     */
    static boolean writesUnseenAutoRunConfig(Cmd c, Ctx ctx) {
        if (c.named(NO_CONTENT) || showsWrittenText(c)) {
            return false;
        }
        for (String t : c.getWriteTargets()) {
            // a wildcard the user wrote in a cmdlet's word matches dot names as PowerShell does
            // (`Copy-Item t.json *\tasks.json` may write .vscode\tasks.json); the items the
            // engine makes for a listing (`.\*`, no written wildcard) stay matched the bash way
            boolean psGlob = c.isPsCmdlet() && c.writtenGlob(t);
            if (isUnseenAutoRunPath(t, psGlob)) {
                return true;
            }
            for (String dir : c.dirs(ctx)) {
                String abs = PathFacts.resolve(t, dir, ctx.home());
                String project = PathFacts.normalize(ctx.getProjectDir());
                if (PathFacts.isInside(abs, project) && !abs.equals(project)
                        && isUnseenAutoRunPath(abs.substring(project.length() + 1), psGlob)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isUnseenAutoRunPath(String path, boolean psGlob) {
        // editors open `.VSCode/Tasks.json` on a case-insensitive disk (macOS, Windows)
        String p = PathFacts.normalize(path.replace('\\', '/')).toLowerCase(Locale.ROOT);
        p = p.startsWith("./") ? p.substring(2) : p;
        return Regex.matches(p, UNSEEN_AUTO_RUN) || PathFacts.isGlob(p) && globMayNameAutoRun(p, psGlob);
    }

    /** The files of {@link #UNSEEN_AUTO_RUN} a glob is matched against whole (the workspace file's glob is read as written). */
    private static final List<String> AUTO_RUN_FILES =
            List.of(".vscode/tasks.json", ".vscode/settings.json", ".devcontainer.json", ".idea/workspace.xml");

    /** The folders of {@link #UNSEEN_AUTO_RUN}: a glob whose leading names can match one writes inside it. */
    private static final List<String> AUTO_RUN_FOLDERS =
            List.of(".devcontainer", ".idea", ".claude/commands", ".claude/agents", ".claude/skills");

    /**
     * True when glob {@code p} (lower case) can name an auto-run file or a path in an auto-run
     * folder, below any folder: {@code cp t.json .vs*}{@code /tasks.json} writes the tasks file the
     * shell expands it to. Matched the bash way (a leading dot only by a written dot) unless
     * {@code psGlob}: a wildcard the user wrote in a cmdlet's word ({@link Cmd#writtenGlob}), which
     * PowerShell matches against dot names too ({@code Copy-Item t.json *\tasks.json}).
     * WHY not every PowerShell glob: the engine reads a recursive listing's items as {@code .\*}
     * (no written wildcard), so PowerShell's dot-matching star on those would ask on every in-place
     * edit of listed sources ({@code Get-ChildItem -Filter *.cs | % { … | Set-Content $_.FullName }}).
     */
    private static boolean globMayNameAutoRun(String p, boolean psGlob) {
        String[] names = p.split("/");
        for (int start = 0; start < names.length; start++) {
            String rest = String.join("/", java.util.Arrays.copyOfRange(names, start, names.length));
            for (String file : AUTO_RUN_FILES) {
                if (PathFacts.globMatches(rest, file, psGlob)) {
                    return true;
                }
            }
            for (String folder : AUTO_RUN_FOLDERS) {
                int depth = folder.split("/").length;
                if (names.length - start >= depth && PathFacts.globMatches(
                        String.join("/", java.util.Arrays.copyOfRange(names, start, start + depth)), folder, psGlob)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * PowerShell's text writers: with literal words and nothing piped in, the text is a literal
     * value, which the bash splitter reads as it reads {@code printf … >} (RunLaterFiles).
     */
    private static final String PS_TEXT_WRITERS = "Set-Content Add-Content Out-File sc ac";

    /**
     * A writer whose whole text is in the command: a literal printer or heredoc (TextTransforms),
     * tee of a heredoc, sed -i, a PowerShell text writer of a literal value.
     */
    private static boolean showsWrittenText(Cmd c) {
        return c.isPrintsLiteralText() || c.getName().equals("tee") && c.isHasStdinText() && !c.isPipedInto()
                || c.isInPlaceTextEdit() || c.nameIs(PS_TEXT_WRITERS) && !c.isDynamicArgs() && !c.isPipedInto();
    }

    /**
     * The user's default-handler files: desktop entries (a MimeType= line claims link schemes and
     * file types) and the mimeapps.list that picks the default per type, in the user's and the
     * system's folders.
     */
    private static final String HANDLER_FILE =
            "(.*/)?(\\.local/share/applications/.+|\\.config/mimeapps\\.list|share/applications/.+\\.(desktop|list))";

    /**
     * True when {@code c} makes a program the default for links or file types, or the chosen
     * program behind a command name: xdg-mime default, xdg-settings set, gio mime TYPE HANDLER,
     * xdg-desktop-menu install, desktop-file-install, update-alternatives --set/--install/--config,
     * duti -s or a duti settings file, macOS LaunchServices' LSHandlers, Windows' assoc and ftype
     * with a value; or writes a {@link #HANDLER_FILE}. Every later click on a link or a file, or
     * every later {@code editor}/{@code python} call, runs that program.
     */
    static boolean setsDefaultHandler(Cmd c) {
        String name = c.getName().toLowerCase(Locale.ROOT);
        List<String> ops = c.getOperands();
        boolean sets = switch (name) {
            case "xdg-mime" -> c.sub("default");
            case "xdg-settings" -> c.sub("set");
            case "gio" -> c.sub("mime") && ops.size() >= 3;
            case "xdg-desktop-menu" -> c.sub("install");
            case "desktop-file-install" -> true;
            case "update-alternatives", "alternatives" -> c.anyFlag("--set --install --config --all --set-selections");
            case "duti" -> c.anyFlag("-s") || !c.anyFlag("-x -d -l -h -V") && !ops.isEmpty();
            case "defaults" -> c.sub("write") && c.argFind("(?i)LSHandlers");
            case "assoc", "ftype" -> c.argFind("=.");
            default -> false;
        };
        if (sets) {
            return true;
        }
        for (String t : c.getWriteTargets()) {
            if (!c.named(NO_CONTENT) && Regex.matches(PathFacts.normalize(t.replace('\\', '/')), HANDLER_FILE)) {
                return true;
            }
        }
        return false;
    }
}
