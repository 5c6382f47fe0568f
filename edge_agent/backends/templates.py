"""Chat templates for GGUFs that carry none, by family.

A GGUF converted from a model's base weights, or by an old converter, may lack
``tokenizer.chat_template``; llama.cpp then has no idea where a turn starts, and the model
answers the plain ``role: text`` fallback with nothing or with more of the prompt. The
family's own turn markers (its model card's format) are used instead. The templates are
lenient where the published ones raise: system messages (ours are several: the system
prompt, the facts, the summary, recall) fold into the first user turn for families without a
system role, a tool result is a user turn, and two turns of one role in a row are allowed.
"""

from __future__ import annotations

CHATML = (
    "{% for m in messages %}<|im_start|>{{ 'user' if m['role'] == 'tool' else m['role'] }}\n"
    "{{ m['content'] }}<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}")

GEMMA = (
    "{{ bos_token }}"
    "{% set system = messages | selectattr('role', 'equalto', 'system') | map(attribute='content') | join('\n\n') %}"
    "{% set ns = namespace(first=true) %}"
    "{% for m in messages if m['role'] != 'system' %}"
    "<start_of_turn>{{ 'model' if m['role'] == 'assistant' else 'user' }}\n"
    "{% if ns.first and system %}{{ system }}\n\n{% endif %}{% set ns.first = false %}"
    "{{ m['content'] | trim }}<end_of_turn>\n{% endfor %}"
    "{% if ns.first and system %}<start_of_turn>user\n{{ system }}<end_of_turn>\n{% endif %}"
    "{% if add_generation_prompt %}<start_of_turn>model\n{% endif %}")

LLAMA3 = (
    "{{ bos_token }}{% for m in messages %}"
    "<|start_header_id|>{{ 'ipython' if m['role'] == 'tool' else m['role'] }}<|end_header_id|>\n\n"
    "{{ m['content'] | trim }}<|eot_id|>{% endfor %}"
    "{% if add_generation_prompt %}<|start_header_id|>assistant<|end_header_id|>\n\n{% endif %}")

BY_FAMILY = {"smollm": CHATML, "qwen": CHATML, "qwen3": CHATML, "gemma": GEMMA, "llama": LLAMA3}


def fallback(family: str | None) -> str | None:
    """The template for a family's GGUF that carries none (None: the plain role: text form)."""
    return BY_FAMILY.get(family or "")
