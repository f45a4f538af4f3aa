/** The config file read from the working folder when present; its `plugins:` list is loaded before any command. */
export const CONFIG_FILE = 'ctxbench.config.yaml';
