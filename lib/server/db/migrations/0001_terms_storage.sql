-- A chunk's terms are written once and read whole when an owner's index loads: stored
-- uncompressed, writing a long Chinese document's chunks costs about a third less and loading
-- them needs no decompression. (The schema language has no word for column storage.)
ALTER TABLE "document_chunks" ALTER COLUMN "terms" SET STORAGE EXTERNAL;
