ALTER TABLE "portal_pages" DROP CONSTRAINT "portal_pages_banner_picture_id_portal_pictures_id_fk";
--> statement-breakpoint
ALTER TABLE "portal_pages" ADD CONSTRAINT "portal_pages_banner_picture_id_portal_pictures_id_fk" FOREIGN KEY ("banner_picture_id") REFERENCES "public"."portal_pictures"("id") ON DELETE no action ON UPDATE no action;