-- Issue 14: a class list search read every stored class (a sequential scan of class_list) to count
-- its matches, then walked the sort's index past every class before its first match. The search
-- text is trigram-indexed, as the other lists' are (0000, 0017), so a search reads its matches only.
CREATE INDEX "class_list_search_trgm" ON "class_list" USING gin ("search_text" gin_trgm_ops);
