"""Storybook content: loading, checking and binding it to the rules."""
