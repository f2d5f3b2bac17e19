package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AutoRunConfigTest {

    private static final String TASKS = ".vscode/tasks.json";

    @Test
    void namesTheFilesItReads() {
        assertTrue(AutoRunConfig.isAutoRunConfig(".vscode/tasks.json"));
        assertTrue(AutoRunConfig.isAutoRunConfig("/home/dev/project/.vscode/tasks.json"));
        assertTrue(AutoRunConfig.isAutoRunConfig(".devcontainer/devcontainer.json"));
        assertTrue(AutoRunConfig.isAutoRunConfig(".devcontainer/python/devcontainer.json"));
        assertTrue(AutoRunConfig.isAutoRunConfig(".devcontainer.json"));
        assertTrue(AutoRunConfig.isAutoRunConfig(".vscode/settings.json"));
        assertTrue(AutoRunConfig.isAutoRunConfig("app.code-workspace"));
        assertFalse(AutoRunConfig.isAutoRunConfig("settings.json"));
        assertFalse(AutoRunConfig.isAutoRunConfig("tasks.json"));
    }

    @Test
    void readsTheTasksThatRunOnFolderOpenWithTheirArguments() {
        String text = """
                {
                  // JSONC: comments and trailing commas, as VS Code reads it
                  "version": "2.0.0",
                  "tasks": [
                    {"label": "watch", "type": "shell", "command": "npm", "args": ["run", {"value": "dev", "quoting": "escape"}],
                     "runOptions": {"runOn": "folderOpen"}, "linux": {"command": "make watch"},},
                    {"label": "build", "type": "shell", "command": "make build"},
                    /* a task run by hand only */
                  ],
                }
                """;
        assertEquals(Optional.of(List.of("npm run dev", "make watch")), AutoRunConfig.commands(TASKS, text));
        String spaced = "{\"tasks\": [{\"command\": \"sh\", \"args\": [\"-c\", \"make all\"], \"runOptions\": {\"runOn\": \"folderOpen\"}}]}";
        assertEquals(Optional.of(List.of("sh -c 'make all'")), AutoRunConfig.commands(TASKS, spaced));
    }

    @Test
    void readsEveryLifecycleCommandOfADevContainer() {
        String text = """
                {"name": "x", "postCreateCommand": "make setup", "initializeCommand": ["echo", "it's here"],
                 "postStartCommand": {"db": "make db"}, "nested": {"initializeCommand": "not this one"}}
                """;
        assertEquals(Optional.of(List.of("'echo' 'it'\\''s here'", "make setup", "make db")),
                AutoRunConfig.commands(".devcontainer/devcontainer.json", text));
        String named = "{\"initializeCommand\": {\"a\": \"make a\", \"b\": [\"make\", \"b\"]}}";
        assertEquals(Optional.of(List.of("make a", "'make' 'b'")), AutoRunConfig.commands(".devcontainer.json", named));
    }

    @Test
    void textThatIsNotJsonIsUnreadableAndFailsClosedWhenItMayNameAnAutoRun() {
        for (String text : List.of("{\"tasks\": [ {\"command\": \"make\"", "not json", "{\"a\": \"\\u12\"}",
                "{} trailing", "[".repeat(100) + "]".repeat(100))) {
            assertEquals(Optional.empty(), AutoRunConfig.commands(TASKS, text), text);
        }
        assertTrue(AutoRunConfig.mayNameAutoRun("{\"tasks\": [{\"runOptions\": {\"runOn\": \"folderOpen\"}"));
        assertTrue(AutoRunConfig.mayNameAutoRun("{\"runOn\": \"folder\\u004fpen\" oops"));
        assertFalse(AutoRunConfig.mayNameAutoRun("{\"tasks\": [{\"label\": \"build\""));
    }

    @Test
    void aRepeatedFieldCountsWithItsLastValueAsInTheEditor() {
        String text = "{\"tasks\": [{\"command\": \"make\", \"runOptions\": {\"runOn\": \"default\", \"runOn\": \"folderOpen\"},"
                + " \"command\": \"make watch\"}]}";
        assertEquals(Optional.of(List.of("make watch")), AutoRunConfig.commands(TASKS, text));
        assertEquals(Optional.of(List.of()), AutoRunConfig.commands(TASKS, "[]"));
    }

    @Test
    void readsTheProgramsEditorSettingsStart() {
        String text = """
                {"editor.tabSize": 2, "terminal.integrated.shellArgs.linux": ["-c", "make a"],
                 "terminal.integrated.profiles.osx": {"x": {"path": ["./t.sh", "zsh"], "args": ["-l"]}},
                 "terminal.integrated.env.linux": {"BASH_ENV": "./e.sh", "bad name": "x"},
                 "[python]": {"python.defaultInterpreterPath": "${workspaceFolder}/.venv/bin/python"},
                 "git.path": "/usr/bin/git", "jest.jestCommandLine": "npx jest", "python.analysis.extraPaths": ["src"]}
                """;
        assertEquals(Optional.of(List.of("'bash' '-c' 'make a'", "'./t.sh' '-l'", "'zsh' '-l'", "BASH_ENV='./e.sh' true",
                "'./.venv/bin/python'", "'/usr/bin/git'", "npx jest")), AutoRunConfig.commands(".vscode/settings.json", text));
        String workspace = "{\"folders\": [], \"settings\": {\"git.path\": \"./g\"}}";
        assertEquals(Optional.of(List.of("'./g'")), AutoRunConfig.commands("a.code-workspace", workspace));
        assertEquals(Optional.of(List.of()), AutoRunConfig.commands(".vscode/settings.json", "{\"editor.tabSize\": 2}"));
        assertTrue(AutoRunConfig.mayNameAutoRun("{\"git.path\": \"./g\" oops"));
    }

    @Test
    void decodesJsonEscapes() {
        String text = "{\"tasks\": [{\"command\": \"printf \\\"a\\\\tb\\\\n\\\"\", \"runOptions\": {\"runOn\": \"folderOpen\"}}]}";
        assertEquals(Optional.of(List.of("printf \"a\\tb\\n\"")), AutoRunConfig.commands(TASKS, text));
    }
}
