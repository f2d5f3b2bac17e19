package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
        assertFalse(AutoRunConfig.isAutoRunConfig(".vscode/settings.json"));
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
        assertEquals(List.of("npm run dev", "make watch"), AutoRunConfig.commands(TASKS, text));
        String spaced = "{\"tasks\": [{\"command\": \"sh\", \"args\": [\"-c\", \"make all\"], \"runOptions\": {\"runOn\": \"folderOpen\"}}]}";
        assertEquals(List.of("sh -c 'make all'"), AutoRunConfig.commands(TASKS, spaced));
    }

    @Test
    void readsOnlyTheHostCommandOfADevContainer() {
        String text = """
                {"name": "x", "initializeCommand": ["echo", "it's here"], "postCreateCommand": "make setup",
                 "nested": {"initializeCommand": "not this one"}}
                """;
        assertEquals(List.of("'echo' 'it'\\''s here'"), AutoRunConfig.commands(".devcontainer/devcontainer.json", text));
        String named = "{\"initializeCommand\": {\"a\": \"make a\", \"b\": [\"make\", \"b\"]}}";
        assertEquals(List.of("make a", "'make' 'b'"), AutoRunConfig.commands(".devcontainer.json", named));
    }

    @Test
    void textThatIsNotJsonGivesNoCommand() {
        assertEquals(List.of(), AutoRunConfig.commands(TASKS, "{\"tasks\": [ {\"command\": \"make\""));
        assertEquals(List.of(), AutoRunConfig.commands(TASKS, "not json"));
        assertEquals(List.of(), AutoRunConfig.commands(TASKS, "{\"a\": \"\\u12\"}"));
        assertEquals(List.of(), AutoRunConfig.commands(TASKS, "{} trailing"));
        assertEquals(List.of(), AutoRunConfig.commands(TASKS, "[".repeat(100) + "]".repeat(100)));
    }

    @Test
    void decodesJsonEscapes() {
        String text = "{\"tasks\": [{\"command\": \"printf \\\"a\\\\tb\\\\n\\\"\", \"runOptions\": {\"runOn\": \"folderOpen\"}}]}";
        assertEquals(List.of("printf \"a\\tb\\n\""), AutoRunConfig.commands(TASKS, text));
    }
}
