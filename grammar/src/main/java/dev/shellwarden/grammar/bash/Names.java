package dev.shellwarden.grammar.bash;

/** Fast checks on shell names, used on every word (no regular expressions on the hot path). */
public final class Names {

    private Names() {
    }

    /** True when {@code s[from, to)} is a shell identifier ({@code [A-Za-z_][A-Za-z0-9_]*}). */
    public static boolean isIdentifier(CharSequence s, int from, int to) {
        if (to <= from) {
            return false;
        }
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            boolean ok = c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > from && c >= '0' && c <= '9';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** True when {@code s} is a shell identifier. */
    public static boolean isIdentifier(CharSequence s) {
        return isIdentifier(s, 0, s.length());
    }

    /**
     * True when {@code s} starts an assignment: {@code NAME=}, {@code NAME+=}, {@code NAME[sub]=}
     * or {@code NAME[sub]+=} (the subscript may hold anything but {@code ]}).
     */
    public static boolean isAssignment(CharSequence s) {
        int n = s.length();
        int i = 0;
        while (i < n && (s.charAt(i) == '_' || Character.isLetterOrDigit(s.charAt(i)) && s.charAt(i) < 128)) {
            i++;
        }
        if (i == 0 || !isIdentifier(s, 0, i)) {
            return false;
        }
        if (i < n && s.charAt(i) == '[') {
            int close = i + 1;
            while (close < n && s.charAt(close) != ']') {
                close++;
            }
            if (close >= n) {
                return false;
            }
            i = close + 1;
        }
        if (i < n && s.charAt(i) == '+') {
            i++;
        }
        return i < n && s.charAt(i) == '=';
    }

    /**
     * GNU tools installed under a {@code g} prefix (Homebrew's coreutils, findutils, sed, tar on
     * macOS): {@code grm} is {@code rm}, {@code gfind} is {@code find}.
     */
    private static final java.util.Set<String> GNU_PREFIXED = java.util.Set.of("grm", "gcp", "gmv", "gln", "gchmod", "gchown",
            "gchgrp", "gdd", "gshred", "gtouch", "gmkdir", "grmdir", "gtruncate", "gtee", "ginstall", "gunlink", "gsplit",
            "gcsplit", "gmktemp", "gfind", "gxargs", "genv", "gnohup", "gnice", "gstdbuf", "gtimeout", "gchroot", "gsetsid",
            "gtime", "gsed", "gtar", "gcat", "ghead", "gtail", "gsort", "gstat", "greadlink", "grealpath", "gdate", "gkill");

    /**
     * Builtins of zsh/files ({@code zmodload zsh/files}): {@code zf_rm} and kin exist under these
     * names once the module is loaded and do what the program of the same name does.
     */
    private static final java.util.Set<String> ZSH_FILES_BUILTINS = java.util.Set.of("zf_chgrp", "zf_chmod", "zf_chown",
            "zf_ln", "zf_mkdir", "zf_mv", "zf_rm", "zf_rmdir", "zf_sync");

    /**
     * The program a command word names in zsh: {@code =NAME} (the EQUALS expansion, on by default,
     * replaces the word with NAME's path) and {@code zf_NAME} (a zsh/files builtin) are NAME; null
     * for any other word. bash has no program of either form, so reading them so is fail-closed.
     */
    private static String zshCommand(String word) {
        if (word.length() > 1 && word.charAt(0) == '=' && word.charAt(1) != '=' && word.indexOf('/') < 0) {
            return word.substring(1);
        }
        return ZSH_FILES_BUILTINS.contains(word) ? word.substring(3) : null;
    }

    /**
     * The command a name stands for: zsh's {@code =NAME} and {@code zf_NAME} ({@link #zshCommand}), the GNU tool behind its {@code g}-prefixed name, the program
     * behind a Windows launcher's name ({@code npx.cmd}, {@code NPX.CMD}, {@code bash.exe},
     * {@code gradlew.bat}, {@code format.com}: the suffix dropped and the name lower-cased, as
     * Windows finds files whatever their case), else the name itself.
     */
    public static String canonicalCommand(String name) {
        String zsh = zshCommand(name);
        if (zsh != null) {
            return canonicalCommand(zsh);
        }
        String n = windowsProgram(name);
        if (VERSIONED_NODE.matcher(n).matches()) {
            return "node"; // Fedora's node-22, FreeBSD's node20: node itself, with node's -e/-p code options
        }
        // a package runner's package, with or without a version (`npx -y rimraf@5 ~`)
        String bin = PACKAGE_PROGRAMS.get(n.indexOf('@') > 0 ? PACKAGE_VERSION.matcher(n).replaceFirst("") : n);
        if (bin != null) {
            return bin;
        }
        return GNU_PREFIXED.contains(n) ? n.substring(1) : n;
    }

    /**
     * npm packages whose one program has another name: a package runner names the package
     * ({@code npx trash-cli ~} runs {@code trash ~}), and no system installs a command by the
     * package's name. The packages whose program deletes folders whole without asking
     * ({@code rm-cli}, {@code rmrf}, {@code premove}) are read as {@code rimraf}, which takes every
     * operand as a path to delete recursively whatever the flags ({@code npx rm-cli -rf ~}).
     */
    private static final java.util.Map<String, String> PACKAGE_PROGRAMS = java.util.Map.of("trash-cli", "trash",
            "rimraf", "rimraf", "del-cli", "del-cli", "rm-cli", "rimraf", "rmrf", "rimraf", "premove", "rimraf");

    /**
     * Scoped npm packages whose program has another name: a package runner names the package
     * ({@code npx @tailwindcss/cli --watch} runs {@code tailwindcss --watch}, {@code pnpm dlx
     * @angular/cli serve} runs {@code ng serve}), and the word's base name ({@code cli}) names no
     * program at all, so the rules about the program would not see it.
     */
    private static final java.util.Map<String, String> SCOPED_PROGRAMS = java.util.Map.ofEntries(
            java.util.Map.entry("@tailwindcss/cli", "tailwindcss"), java.util.Map.entry("@angular/cli", "ng"),
            java.util.Map.entry("@vue/cli", "vue"), java.util.Map.entry("@vue/cli-service", "vue-cli-service"),
            java.util.Map.entry("@nestjs/cli", "nest"), java.util.Map.entry("@ionic/cli", "ionic"),
            java.util.Map.entry("@11ty/eleventy", "eleventy"), java.util.Map.entry("@tauri-apps/cli", "tauri"),
            java.util.Map.entry("@expo/cli", "expo"), java.util.Map.entry("@remix-run/dev", "remix"),
            java.util.Map.entry("@playwright/test", "playwright"), java.util.Map.entry("@rspack/cli", "rspack"),
            java.util.Map.entry("@rsbuild/core", "rsbuild"), java.util.Map.entry("@storybook/cli", "storybook"),
            java.util.Map.entry("@docusaurus/core", "docusaurus"), java.util.Map.entry("@biomejs/biome", "biome"),
            java.util.Map.entry("@anthropic-ai/claude-code", "claude"), java.util.Map.entry("@openai/codex", "codex"),
            java.util.Map.entry("@google/gemini-cli", "gemini"), java.util.Map.entry("@qwen-code/qwen-code", "qwen"));

    /**
     * The program a scoped package word names ({@code @tailwindcss/cli}, {@code @angular/cli@17}:
     * the version dropped), or null for any other word.
     */
    public static String scopedPackageProgram(String word) {
        if (word.isEmpty() || word.charAt(0) != '@') {
            return null;
        }
        int slash = word.indexOf('/');
        int version = slash < 0 ? -1 : word.indexOf('@', slash);
        return SCOPED_PROGRAMS.get(version < 0 ? word : word.substring(0, version));
    }

    /** A version or tag after an unscoped package's name ({@code rimraf@5}, {@code del-cli@latest}). */
    private static final java.util.regex.Pattern PACKAGE_VERSION = java.util.regex.Pattern.compile("(?<=^[a-z0-9][a-z0-9._-]{0,213})@[^@/\\s]+$");

    /** Node.js installed under a versioned name ({@code node-22}, {@code node20}, {@code nodejs-20}, {@code nodejs18}). */
    private static final java.util.regex.Pattern VERSIONED_NODE = java.util.regex.Pattern.compile("node(js)?-?[0-9]+(\\.[0-9]+)*");

    /** {@code name} without a {@code .exe}/{@code .cmd}/{@code .bat}/{@code .com} suffix (any case), lower-cased; else {@code name}. */
    public static String windowsProgram(String name) {
        String program = withoutWindowsSuffix(name);
        return program != null ? program : name;
    }

    /**
     * The program a Windows launcher's file name stands for: {@code name} without a
     * {@code .exe}/{@code .cmd}/{@code .bat}/{@code .com} suffix (any case), lower-cased, as
     * Windows finds files whatever their case; null when it has no such suffix. A bare
     * {@code .exe} has none: it is a name of its own, not an empty one (bash's reading and
     * PowerShell's, {@link dev.shellwarden.grammar.ps.PsNames#nativeBase}, share this).
     */
    public static String withoutWindowsSuffix(String name) {
        int n = name.length();
        if (n > 4 && name.charAt(n - 4) == '.') {
            String ext = name.substring(n - 3).toLowerCase(java.util.Locale.ROOT);
            if (ext.equals("exe") || ext.equals("cmd") || ext.equals("bat") || ext.equals("com")) {
                return name.substring(0, n - 4).toLowerCase(java.util.Locale.ROOT);
            }
        }
        return null;
    }

    /** True when {@code name} is {@code base} followed only by digits and dots ({@code python3.12}). */
    public static boolean versioned(String name, String base) {
        if (!name.startsWith(base)) {
            return false;
        }
        for (int i = base.length(); i < name.length(); i++) {
            char c = name.charAt(i);
            if (c != '.' && (c < '0' || c > '9')) {
                return false;
            }
        }
        return true;
    }
}
