package dev.shellwarden.engine.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Lexical path reasoning: the answers the scope, floor and persistence rules rest on. */
class PathFactsTest {

    @ParameterizedTest
    @ValueSource(strings = {"package.json", "web/package.json", ".github/workflows/ci.yml", ".git/config", ".husky/pre-commit",
        ".vscode/tasks.json", ".envrc", "CLAUDE.md", "docs/AGENTS.md", ".claude/settings.json", ".cargo/config.toml",
        "gradle/wrapper/gradle-wrapper.properties", "Makefile", ".pre-commit-config.yaml", "./Dockerfile", ".yarnrc.yml"})
    void projectAutomationFilesAreRecognised(String relative) {
        assertTrue(PathFacts.isProjectAutomation(relative), relative);
    }

    @ParameterizedTest
    @ValueSource(strings = {"src/app.ts", "README.md", ".gitignore", ".env", ".env.local", "docs/github.md", "src/Makefile.md",
        "notes/claude.txt", ".gitkeep", "test/fixtures/data.json"})
    void plainProjectFilesAreNoAutomation(String relative) {
        assertFalse(PathFacts.isProjectAutomation(relative), relative);
    }

    @ParameterizedTest
    @ValueSource(strings = {".devcontainer.json", "app.code-workspace", ".gitea/workflows/ci.yml", ".forgejo/workflows/x.yml",
        ".woodpecker.yml", "rules.mk", "Directory.Build.props", "src/app.csproj", "settings.gradle.kts", "buildSrc/x.kt", "init.gradle",
        ".envrc.local", ".venv/lib/python3.12/site-packages/x.pth", "sitecustomize.py", ".nvim.lua", "AGENT.md", ".rules",
        ".kiro/steering/a.md", ".junie/guidelines.md", ".lintstagedrc.json", "lefthook-local.yml", ".rspec", ".mise/config.toml",
        "mise.local.toml", ".config/mise/config.toml", ".hg/hgrc", "go.mod", "pnpm-workspace.yaml", ".lfsconfig", "Taskfile.yaml",
        ".justfile", ".bazelrc", "node_modules/.bin/jest", "CMakeUserPresets.json",
        // case-insensitive file systems (macOS, Windows) open these as the automation files
        ".ENVRC", ".GitHub/workflows/ci.yml", ".GIT/hooks/pre-commit", "MAKEFILE", "claude.md"})
    void moreAutomationFilesAndOtherLetterCasesAreRecognised(String relative) {
        assertTrue(PathFacts.isProjectAutomation(relative), relative);
    }

    @ParameterizedTest
    @ValueSource(strings = {".gi?/hooks/pre-commit", ".[g]it/hooks/pre-commit", ".git*/hooks/x", "CLAUDE.m?", ".vscod[e]/tasks.json",
        ".{git,x}/hooks/pre-commit", "{a,.envrc}", "*.mk", "Makefil?", "src/*", "*.json"})
    void globsAndBracesThatMayNameAutomationAreAutomation(String relative) {
        assertTrue(PathFacts.mayBeProjectAutomation(relative, false), relative);
    }

    @ParameterizedTest
    @ValueSource(strings = {"scripts/*.sh", "src/**/*.ts", "src/*.{ts,tsx}", "docs/*.txt.bak", "build/{a,b}.o", "src/app.ts"})
    void globsThatCannotNameAutomationArePlain(String relative) {
        assertFalse(PathFacts.mayBeProjectAutomation(relative, false), relative);
    }

    @Test
    void aGlobMatchesDotFilesOnlyWithDotglobOrInPowerShell() {
        assertFalse(PathFacts.mayBeProjectAutomation("src/*/hooks/pre-commit", false));
        assertTrue(PathFacts.mayBeProjectAutomation("src/*/hooks/pre-commit", true)); // src/.git/hooks
        assertTrue(PathFacts.mayBeProjectAutomation("scripts/*.sh", true)); // .env.sh
    }

    @Test
    void resolvesAgainstTheWorkingDirectoryAndTheInferredHome() {
        assertEquals("/home/dev/other", PathFacts.resolve("../other", "/home/dev/project", "/home/dev"));
        assertEquals("/home/dev/.bashrc", PathFacts.resolve("~/.bashrc", "/home/dev/project", "/home/dev"));
        assertEquals("/home/dev/.cache", PathFacts.resolve("${HOME}/.cache", "/x", "/home/dev"));
        assertEquals("/", PathFacts.resolve("/tmp/../", "/x", "/home/dev"));
        assertEquals("/home/dev", PathFacts.homeOf("/home/dev/project"));
        assertEquals("/Users/ana", PathFacts.homeOf("/Users/ana/src/app"));
    }

    @Test
    void resolveKnownNeverGuesses() {
        String cwd = "/home/dev/project";
        String home = "/home/dev";
        assertEquals("/home/dev/other", PathFacts.resolveKnown("../other", cwd, home));
        assertEquals("/home/dev/project/data", PathFacts.resolveKnown("$PWD/data", cwd, home));
        assertEquals("/home/dev/project/data", PathFacts.resolveKnown("${PWD}/data", cwd, home));
        assertEquals("/home/dev", PathFacts.resolveKnown("${PWD%/*}", cwd, home));
        assertEquals("/home/dev/.ssh", PathFacts.resolveKnown("~/.ssh", cwd, home));
        assertEquals("/home/dev/.ssh", PathFacts.resolveKnown("$HOME/.ssh", cwd, home));
        assertEquals("/root", PathFacts.resolveKnown("~root", cwd, home));
        assertEquals("/etc", PathFacts.resolveKnown("/proc/self/root/etc", cwd, home));
        // what resolve keeps as written, this refuses
        assertNull(PathFacts.resolveKnown("data", "", home));
        assertNull(PathFacts.resolveKnown("$PWD/data", "", home));
        assertNull(PathFacts.resolveKnown("$DATA_DIR", cwd, home));
        assertNull(PathFacts.resolveKnown("$HOME/$X", cwd, home));
        assertNull(PathFacts.resolveKnown("`echo /`", cwd, home));
        assertNull(PathFacts.resolveKnown("~-/x", cwd, home));
        assertEquals("data", PathFacts.resolve("data", "", home));
    }

    @Test
    void anUnknownHomeIsNeverInsideAProject() {
        String home = PathFacts.homeOf("/srv/app");
        assertFalse(PathFacts.isInside(PathFacts.resolve("~/x", "/srv/app", home), "/srv/app"));
        assertFalse(PathFacts.isInside(PathFacts.resolve("~bob/x", "/srv/app", home), "/srv/app"));
    }

    @Test
    void insideMeansTheDirectoryOrBelowNotAPrefixSibling() {
        assertTrue(PathFacts.isInside("/home/dev/project/build", "/home/dev/project"));
        assertTrue(PathFacts.isInside("/home/dev/project", "/home/dev/project/"));
        assertFalse(PathFacts.isInside("/home/dev/project-old", "/home/dev/project"));
    }

    @Test
    void systemAndHomeDirectoriesButNotFilesBelowThem() {
        assertTrue(PathFacts.isSystemDir("/etc"));
        assertTrue(PathFacts.isSystemDir("/usr/*"));
        assertTrue(PathFacts.isSystemDir("/home/alice"));
        assertFalse(PathFacts.isSystemDir("/var/log/myapp"));
        assertFalse(PathFacts.isSystemDir("etc"));
    }

    @Test
    void blockDevicesButNotPseudoDevices() {
        assertTrue(PathFacts.isBlockDevice("/dev/sda"));
        assertTrue(PathFacts.isBlockDevice("/dev/nvme0n1p2"));
        assertTrue(PathFacts.isBlockDevice("/dev/mapper/root"));
        assertFalse(PathFacts.isBlockDevice("/dev/null"));
        assertFalse(PathFacts.isBlockDevice("./dev/sda"));
    }

    @Test
    void secretsByNameAndPlaceButNotTemplates() {
        assertTrue(PathFacts.isSecret(".env"));
        assertTrue(PathFacts.isSecret("config/.env.production"));
        assertTrue(PathFacts.isSecret("/home/dev/.ssh/id_ed25519"));
        assertTrue(PathFacts.isSecret("~/.aws/credentials"));
        assertFalse(PathFacts.isSecret(".env.example"));
        assertFalse(PathFacts.isSecret("/home/dev/.ssh/id_ed25519.pub"));
        assertFalse(PathFacts.isSecret("src/environment.ts"));
    }

    @Test
    void privateKeysByNameButNotCertificatesOrPublicHalves() {
        for (String p : List.of("~/certs/server.key", "'~/certs/*.key'", "release.keystore", "app.jks", "client.p12", "x.pfx",
                "~/keys/deploy_rsa", "~/Downloads/id_ed25519", "id_ed25519_work", "id_rsa*", "/etc/letsencrypt/live/x/privkey.pem",
                "server-key.pem", "putty.ppk")) {
            assertTrue(PathFacts.isPrivateKeyName(p), p);
            assertTrue(PathFacts.isSecret(p), p);
        }
        for (String p : List.of("~/certs/server.crt", "~/certs/*.pem", "fullchain.pem", "~/keys/deploy_rsa.pub", "id_ed25519.pub",
                "keys.txt", "src/rsa.go")) {
            assertFalse(PathFacts.isPrivateKeyName(p), p);
        }
    }

    @Test
    void secretsOfOtherToolsAgentsAndDesktopStores() {
        for (String p : List.of("~/.config/doctl/config.yaml", "/home/dev/.vercel/auth.json", "~/.pip/pip.conf", "~/.config/pip/pip.conf",
                "~/.yarnrc.yml", "/home/dev/.local/share/opencode/auth.json", "~/.gemini/oauth_creds.json", "~/.cursor/mcp.json",
                "~/.local/share/fish/fish_history", "~/.bitcoin/wallet.dat", "~/.config/Slack/Cookies", "~/.mozilla/firefox",
                "/etc/kubernetes/admin.conf", "secrets/api_key.txt", "~/.local/share/gnome-keyring/login.keyring")) {
            assertTrue(PathFacts.isSecret(p), p);
        }
        // project files of the same names are settings, not logins; host lists are not keys
        for (String p : List.of(".yarnrc.yml", ".circleci/config.yml", ".cursor/mcp.json", "~/.ssh/config", "~/.ssh/known_hosts",
                "src/api.ts", "docs/api_keys.md", "~/.config/k9s/config.yaml")) {
            assertFalse(PathFacts.isSecret(p), p);
        }
    }

    @Test
    void persistencePointsAndSelfProtectedFiles() {
        assertTrue(PathFacts.isPersistence("/home/dev/.bashrc"));
        assertTrue(PathFacts.isPersistence("~/.ssh/authorized_keys"));
        assertTrue(PathFacts.isPersistence("/etc/sudoers.d/dev"));
        assertFalse(PathFacts.isPersistence("/home/dev/project/.bashrc"));
        // start-up files read through frameworks, loaders and plugin folders (seventh red team)
        for (String p : List.of("~/.oh-my-zsh/custom/x.zsh", "~/.bash_completion", "~/.local/share/bash-completion/completions/git",
                "~/.config/fish/functions/ls.fish", "~/.vim/plugin/x.vim", "~/.config/nvim/plugin/x.lua",
                "~/.ipython/profile_default/startup/00-x.py", "/home/dev/.gdbinit", "~/.psqlrc", "~/.config/starship.toml",
                "~/.config/direnv/direnvrc", "~/.julia/config/startup.jl", "~/.sbt/1.0/global.sbt", "~/.config/zsh/.zshrc",
                "~/.bashrc.d/x.sh", "~/.hgrc", "~/.config/i3/config")) {
            assertTrue(PathFacts.isPersistence(p), p);
        }
        for (String p : List.of("/home/dev/project/.vim/plugin/x.vim", "~/.vim/undo/x", "~/.config/nvim/spell/en.add",
                "~/.ipython/profile_default/history.sqlite", "~/.config/fish/fish_variables")) {
            assertFalse(PathFacts.isPersistence(p), p);
        }
        assertTrue(PathFacts.isSelfProtected(".claude/settings.local.json"));
        assertTrue(PathFacts.isSelfProtected("/home/dev/.codex/config.toml"));
        assertTrue(PathFacts.isSelfProtected("shell-warden.jsonc"));
        assertFalse(PathFacts.isSelfProtected(".claude/commands/review.md"));
    }

    /** One path per credential-store pattern: each must pass the literal gate in front of them. */
    @ParameterizedTest
    @ValueSource(strings = {
        "~/.ssh/id_ed25519", ".ssh/id_rsa", "/etc/shadow", "/etc/gshadow-", "/home/dev/.aws/credentials",
        "~/.config/gcloud/legacy_credentials/a/adc.json", "~/.config/gcloud/access_tokens.db", "/root/.netrc",
        "~/.git-credentials", "~/.pgpass", "~/.vault-token", "~/.docker/config.json", "~/.kube/config",
        "~/.gnupg/private-keys-v1.d/AB.key", "/etc/ssl/private/site.key", "/etc/ssh/ssh_host_ed25519_key",
        "'/etc/shadow'", "~/.local/share/opencode/auth.json", "~/.codex/auth.json", "~/.claude/.credentials.json",
        "~/.gemini/oauth_creds.json", "~/.supabase/access-token", "~/.config/doctl/config.yaml", "~/.fly/config.yml",
        "~/.wrangler/config/default.toml", "~/.bitcoin/wallet.dat", "~/.local/share/gnome-keyring/login.keyring",
    })
    void everyCredentialStorePatternMatches(String path) {
        assertTrue(PathFacts.isCredentialStore(path), path);
    }

    @ParameterizedTest
    @ValueSource(strings = {"README.md", "~/.ssh/id_ed25519.pub", "~/.ssh/known_hosts", "docker-compose.yml", "src/kube.ts", "/etc/hosts",
        "src/auth.json", "src/wallet.ts", "docs/keyring.md"})
    void ordinaryFilesAreNoCredentialStore(String path) {
        assertFalse(PathFacts.isCredentialStore(path), path);
    }

    /** One path per self-protection pattern: each must pass the literal gate in front of them. */
    @ParameterizedTest
    @ValueSource(strings = {
        ".claude/settings.json", "/home/dev/.claude/hooks/pre.sh", "~/.claude/settings-old.json", "opencode.json",
        "sub/opencode.jsonc", ".opencode/plugin/x.ts", "~/.config/opencode/opencode.json", "~/.codex/config.toml",
        "~/.gemini/settings.json", ".cursor/hooks.json", "C:\\Users\\ana\\.claude\\settings.json",
        "~/.CLAUDE/SETTINGS.JSON", "/etc/shellwarden/config.jsonc",
    })
    void everySelfProtectionPatternMatches(String path) {
        assertTrue(PathFacts.isSelfProtected(path), path);
    }

    @ParameterizedTest
    @ValueSource(strings = {"README.md", ".claude/commands/review.md", "docs/opencode-notes.md.bak/x", ".cursorrules", "shell-warden.log"})
    void ordinaryFilesAreNotSelfProtected(String path) {
        assertFalse(PathFacts.isSelfProtected(path), path);
    }

    @Test
    void windowsRootsAndProfile() {
        assertTrue(PathFacts.isWindowsRootLike("C:\\"));
        assertTrue(PathFacts.isWindowsRootLike("c:/*"));
        assertTrue(PathFacts.isWindowsRootLike("$env:USERPROFILE"));
        assertTrue(PathFacts.isWindowsRootLike("C:\\Users\\ana"));
        assertFalse(PathFacts.isWindowsRootLike("C:\\Users\\ana\\project\\build"));
    }

    @Test
    void knownValuesOfHomeAndTheWorkingDirectory() {
        String cwd = "/home/dev/project";
        String home = "/home/dev";
        assertEquals("/home/dev", PathFacts.knownExpansions("${PWD%/*}", cwd, home));
        assertEquals("/home", PathFacts.knownExpansions("${HOME%/*}", cwd, home));
        assertEquals("/home/dev/project/build", PathFacts.knownExpansions("$PWD/build", cwd, home));
        assertEquals("/home/dev", PathFacts.knownExpansions("${PWD%%/project}", cwd, home));
        assertEquals("home/dev", PathFacts.knownExpansions("${HOME#/}", cwd, home));
        assertEquals("/root", PathFacts.knownExpansions("~root", cwd, home));
        assertEquals("/home/ana/x", PathFacts.knownExpansions("~ana/x", cwd, home));
        assertEquals("/home/dev/project/..", PathFacts.knownExpansions("/proc/self/cwd/..", cwd, home));
        assertEquals("/etc", PathFacts.knownExpansions("/proc/self/root/etc", cwd, home));
        // unknown working directory, other variables and OLDPWD stay as written
        assertEquals("$PWD/x", PathFacts.knownExpansions("$PWD/x", "", home));
        assertEquals("$BUILD/x", PathFacts.knownExpansions("$BUILD/x", cwd, home));
        assertEquals("~-/x", PathFacts.knownExpansions("~-/x", cwd, home));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/e*c", "/???", "/[a-z]*", "/u?r/", "/[!a]sr", "/home/*", "~/.[!.]*", "~/*", "/usr/l?b"})
    void globsThatReachProtectedDirectories(String glob) {
        assertTrue(PathFacts.isProtectedGlob(glob, "/home/dev"), glob);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/tmp/*", "/tmp/cache-*", "build/*", "~/*.log", "~/.cache/*", "/var/log/*.log", "/opt/app/*", "/etc/nginx"})
    void globsThatStayNarrow(String glob) {
        assertFalse(PathFacts.isProtectedGlob(glob, "/home/dev"), glob);
    }

    @Test
    void everyFileAGlobIsMatchedAgainstIsProtected() {
        for (String f : PathFacts.GLOB_PROTECTED_FILES) {
            String abs = PathFacts.resolve(f, "/home/dev/project", "/home/dev");
            boolean keyFolder = abs.equals("/home/dev/.ssh") || abs.equals("/home/dev/.gnupg");
            assertTrue(PathFacts.isPersistence(f) || PathFacts.isPersistence(abs) || PathFacts.isCriticalSystemFile(abs)
                    || PathFacts.isSelfProtected(abs) || PathFacts.isCredentialStore(f) || keyFolder, f);
        }
    }

    @Test
    void globsMatchProtectedFilesNameByName() {
        assertEquals(java.util.List.of("/etc/passwd"), PathFacts.protectedGlobMatches("/et[c]/passw?"));
        assertEquals(java.util.List.of("~/.bashrc"), PathFacts.protectedGlobMatches("$HOME/.bash[r]c"));
        assertEquals(java.util.List.of("~/.ssh/authorized_keys", "~/.ssh/authorized_keys2"), PathFacts.protectedGlobMatches("~/.ssh/authorized_key*"));
        assertEquals(java.util.List.of("app/.claude/settings.json", "app/.claude/settings.local.json"),
                PathFacts.protectedGlobMatches("app/.claude/settings*.json"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"build/*", "*.json", "*/*.json", "dist/*/*", "~/*", "~/[.]bashrc", "/etc/nginx/*", "/tmp/*", "src/[a-c]*.js", "/etc/passwd"})
    void globsThatMatchNoProtectedFile(String glob) {
        assertEquals(java.util.List.of(), PathFacts.protectedGlobMatches(glob), glob);
    }
}
