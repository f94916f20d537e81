"""The study views' shared table: a view's rows as named columns
(columns.py: JSON and CSV), the rows chosen by ``--where``, ``--sort`` and
``--top`` (select.py), and the board textures rows are grouped and
filtered by (textures.py).  Nothing here knows a view."""
